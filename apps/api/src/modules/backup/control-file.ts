import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * How `npm run backup` finds the server that holds an embedded database: the server writes its
 * address and a token made at start-up beside the database (readable by its owner only), and removes
 * the file when it stops.
 */
export interface ControlFile {
  pid: number;
  url: string;
  token: string;
}

const fileOf = (dataDir: string) => path.join(dataDir, "passo.control.json");

export function writeControlFile(dataDir: string, control: ControlFile): void {
  writeFileSync(fileOf(dataDir), JSON.stringify(control), { mode: 0o600 });
}

export function readControlFile(dataDir: string): ControlFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(fileOf(dataDir), "utf8")) as Partial<ControlFile>;
    if (typeof parsed.pid !== "number" || typeof parsed.url !== "string" || typeof parsed.token !== "string") return undefined;
    return parsed as ControlFile;
  } catch {
    return undefined;
  }
}

/** Removes the file if it is still this process's. */
export function removeControlFile(dataDir: string, pid: number): void {
  if (readControlFile(dataDir)?.pid === pid) rmSync(fileOf(dataDir), { force: true });
}

/** Where a loopback client reaches a server bound to `host`. */
export function loopbackUrl(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "") return `http://127.0.0.1:${port}`;
  if (host === "::" || host === "[::]") return `http://[::1]:${port}`;
  return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
