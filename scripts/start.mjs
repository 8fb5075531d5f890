// `npm start`: build what is not built yet, then run the server in this same process.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const server = `${root}/apps/api/dist/server.js`;
const hasTypeScript = existsSync(`${root}/node_modules/typescript/bin/tsc`);
const webPresent = existsSync(`${root}/apps/web/package.json`);
const webBuilt = existsSync(`${root}/apps/web/dist/index.html`);

if (hasTypeScript) {
  // Incremental: up-to-date projects cost about a second.
  execFileSync(process.execPath, [`${root}/node_modules/typescript/bin/tsc`, "-b", "tsconfig.json"], { cwd: root, stdio: "inherit" });
} else if (!existsSync(server)) {
  console.error("O servidor não está compilado e o TypeScript não está instalado: rode `npm ci` primeiro.");
  process.exit(1);
}
if (webPresent && !webBuilt) execFileSync("npm", ["run", "build", "-w", "@passo/web"], { cwd: root, stdio: "inherit" });

await import(server);
