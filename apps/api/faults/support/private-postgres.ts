/**
 * A private PostgreSQL cluster for the fault tests: its own temp directory, its own free port on 127.0.0.1, trust auth,
 * its unix socket inside the temp directory. It may be stopped and restarted at will; it never touches the shared server
 * on port 5432. A shell watchdog stops it and removes its directory if the test process dies without destroy().
 */
import { execFile } from "node:child_process";
import { chownSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort, tempDir, watchdog } from "./servers.js";

const run = promisify(execFile);
const SHARED_PORT = 5432;

export interface PrivatePostgres {
  url(database?: string): string;
  port: number;
  dataDir: string;
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown (open connections are terminated). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** stop, stay down for `downMs` (default 2 s), start. */
  restart(downMs?: number, mode?: "fast" | "immediate"): Promise<void>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`No PostgreSQL binaries under ${root}.`);
  return path.join(root, versions[0], "bin");
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the `postgres` OS user when we are root. */
async function pgBin(bin: string, args: string[], timeoutMs = 60_000) {
  const exe = path.join(binDir(), bin);
  const [cmd, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", exe, ...args]] : [exe, args];
  return run(cmd, argv as string[], { timeout: timeoutMs, cwd: "/tmp", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" } });
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = tempDir("passo-faults-pg-");
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  if (isRoot()) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  let port = await freePort();
  while (port === SHARED_PORT) port = await freePort();

  const pgCtl = (...args: string[]) => pgBin("pg_ctl", ["-D", dataDir, ...args]);
  const stopCommand = isRoot()
    ? `runuser -u postgres -- ${shellQuote(path.join(binDir(), "pg_ctl"))} -D ${shellQuote(dataDir)} stop -m immediate >/dev/null 2>&1; rm -rf ${shellQuote(dir)}`
    : `${shellQuote(path.join(binDir(), "pg_ctl"))} -D ${shellQuote(dataDir)} stop -m immediate >/dev/null 2>&1; rm -rf ${shellQuote(dir)}`;
  const cancelWatchdog = watchdog(stopCommand);

  let running = false;
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c shared_buffers=16MB",
    "-c max_connections=60",
    "-c fsync=on",
    "-c log_min_messages=warning",
  ].join(" ");

  const start = async () => {
    await pgCtl("start", "-w", "-t", "60", "-l", logFile, "-o", options);
    running = true;
  };
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    if (!running) return;
    await pgCtl("stop", "-w", "-t", "60", "-m", mode);
    running = false;
  };
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;

  try {
    await pgBin("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"]);
    await start();
  } catch (err) {
    cancelWatchdog();
    await stop("immediate").catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  return {
    url,
    port,
    dataDir,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop: (mode) => stop(mode),
    start,
    async restart(downMs = 2_000, mode = "fast") {
      await stop(mode);
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async destroy() {
      try {
        await stop("immediate");
      } finally {
        cancelWatchdog();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
