/**
 * Starts the compiled API (apps/api/dist/server.js, as `npm start` does) as a child process on a free loopback port,
 * for the fault and load tests. Every server started here is also watched by a tiny shell watchdog, so a test run that
 * is itself killed leaves no server behind.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const SERVER_JS = path.join(REPO_ROOT, "apps/api/dist/server.js");

export const ADMIN = { email: "admin@exemplo.com.br", password: "faults-admin-password" } as const;
export const TEST_JWT_SECRET = "faults-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
const START_TIMEOUT_MS = 60_000;
const OUTPUT_LIMIT = 4_000_000;

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  /** Sends a signal (default SIGKILL) without waiting. */
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM and wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** Everything the server wrote to stdout and stderr (the last 4 MB). */
  output(): string;
}

export interface StartServerOptions {
  env?: Record<string, string>;
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
}

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * Runs `cleanup` (a shell command) as soon as the process `watchedPid` (default: this test process) is gone, or the
 * process `targetPid` ends. Returns a function that cancels the watchdog.
 */
export function watchdog(cleanup: string, opts: { targetPid?: number } = {}): () => void {
  const me = process.pid;
  const target = opts.targetPid;
  const loop = target
    ? `while kill -0 ${me} 2>/dev/null && kill -0 ${target} 2>/dev/null; do sleep 1; done; kill -0 ${me} 2>/dev/null || { ${cleanup}; }`
    : `while kill -0 ${me} 2>/dev/null; do sleep 1; done; ${cleanup}`;
  const child = spawn("sh", ["-c", loop], { detached: true, stdio: "ignore" });
  child.unref();
  return () => {
    try {
      if (child.pid) process.kill(child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
}

function startupEnv(options: StartServerOptions, port: number, dataDir: string): Record<string, string> {
  const base: Record<string, string> = {};
  for (const key of ["PATH", "HOME", "LANG", "TZ", "TMPDIR"]) {
    const value = process.env[key];
    if (value !== undefined) base[key] = value;
  }
  return {
    ...base,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    JWT_SECRET: options.jwtSecret ?? TEST_JWT_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPANY_EMAIL_DOMAIN: "exemplo.com.br",
    LOG_LEVEL: "warn",
    DEMO_DATA: "0",
    ...options.env,
  };
}

/** Starts `node apps/api/dist/server.js` and waits until GET /api/config answers. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  // A DATA_DIR made here is removed when the server ends; one given by the caller is the caller's.
  const ownDataDir = options.dataDir === undefined ? tempDir("passo-faults-data-") : undefined;
  const env = startupEnv(options, port, options.dataDir ?? ownDataDir!);
  const child: ChildProcess = spawn(process.execPath, [SERVER_JS], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  if (!child.pid) throw new Error("Could not spawn the API server.");
  const pid = child.pid;
  let out = "";
  const append = (chunk: Buffer) => {
    out += chunk.toString("utf8");
    if (out.length > OUTPUT_LIMIT) out = out.slice(out.length - OUTPUT_LIMIT);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  let exitCode: number | null | undefined;
  const cleanup = `kill -9 ${pid} 2>/dev/null${ownDataDir ? `; rm -rf '${ownDataDir}'` : ""}`;
  const cancelWatchdog = watchdog(cleanup, { targetPid: pid });
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      exitCode = code;
      cancelWatchdog();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      resolve(code);
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const kill = (signal: NodeJS.Signals = "SIGKILL") => {
    if (exitCode === undefined) child.kill(signal);
  };
  const stop = async () => {
    if (exitCode !== undefined) return;
    kill("SIGTERM");
    const timer = setTimeout(() => kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const server: RunningServer = { url, port, pid, kill, stop, exited, output: () => out };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`The API server exited (code ${exitCode}) before answering:\n${out}`);
    if (Date.now() > deadline) {
      kill("SIGKILL");
      await exited;
      throw new Error(`The API server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/api/config`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// JSON answers are read loosely in these tests; each test checks the fields it relies on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface ApiResponse<T = Loose> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** Abort after this many ms (default 30 s); an aborted request throws. */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** A tiny fetch client for one server and one token. Bodies that are not JSON come back as text. */
export function api(url: string, token?: string) {
  async function request<T = Loose>(method: string, pathname: string, body?: unknown, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const res = await fetch(url + pathname, { method, headers, body: payload, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get("content-type") ?? "").includes("json") && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // Left as text.
      }
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    request,
    get: <T = Loose>(p: string, opts?: RequestOptions) => request<T>("GET", p, undefined, opts),
    post: <T = Loose>(p: string, body?: unknown, opts?: RequestOptions) => request<T>("POST", p, body, opts),
    put: <T = Loose>(p: string, body?: unknown, opts?: RequestOptions) => request<T>("PUT", p, body, opts),
    patch: <T = Loose>(p: string, body?: unknown, opts?: RequestOptions) => request<T>("PATCH", p, body, opts),
    delete: <T = Loose>(p: string, opts?: RequestOptions) => request<T>("DELETE", p, undefined, opts),
  };
}
export type ApiClient = ReturnType<typeof api>;

/** POST /api/auth/login; throws with the answer unless it is 200. */
export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await api(url).post<{ token?: string; error?: string }>("/api/auth/login", { email, password });
  if (res.status !== 200 || !res.body.token) throw new Error(`Login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
