// `npm run backup -- FILE` and `npm run restore -- FILE`: compiles the API if needed, then runs the command.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
if (existsSync(`${root}/node_modules/typescript/bin/tsc`)) {
  execFileSync(process.execPath, [`${root}/node_modules/typescript/bin/tsc`, "-b", "tsconfig.json"], { cwd: root, stdio: "inherit" });
}
const { main } = await import(`${root}/apps/api/dist/modules/backup/cli.js`);
process.exitCode = await main(process.argv.slice(2));
