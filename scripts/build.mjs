// Builds the domain package, the API and (when present) the web app.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: "inherit" });

run(process.execPath, ["node_modules/typescript/bin/tsc", "-b", "tsconfig.json"]);
if (existsSync(`${root}/apps/web/package.json`)) run("npm", ["run", "build", "-w", "@passo/web"]);
