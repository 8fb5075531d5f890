/**
 * `npm run backup` and `npm run restore` as an operator runs them, against real servers under a write load: an
 * embedded database backed up while its server keeps writing (through the server's snapshot), restored into
 * PostgreSQL; and a PostgreSQL database backed up under load, restored into a new embedded DATA_DIR. The restored
 * database holds every table with the backup's row counts and checksums, nothing half-written, and serves the same
 * records and the invoice.
 */
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { PDF, bySize, createStores, runId, sleep, uploadInvoice } from "./support/chain.js";
import { databaseProblems, withPglite, withPostgres, type Query } from "./support/db-checks.js";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { ADMIN, REPO_ROOT, api, login, startServer, tempDir, type RunningServer } from "./support/servers.js";
import { WriteLoad } from "./support/write-load.js";

const run = promisify(execFile);
const LOAD_MS = bySize(6_000, 3_000);

/** `npm run backup -- FILE` / `npm run restore -- FILE`, with the given database settings. */
async function command(kind: "backup" | "restore", file: string, env: { DATA_DIR?: string; DATABASE_URL?: string }) {
  const started = Date.now();
  const { stderr } = await run(process.execPath, [path.join(REPO_ROOT, "scripts/backup-restore.mjs"), kind, file], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", DATA_DIR: env.DATA_DIR ?? tempDir("passo-faults-cli-"), DATABASE_URL: env.DATABASE_URL ?? "" },
    timeout: 180_000,
  });
  return { output: stderr, ms: Date.now() - started };
}

/** Each table's rows and checksum as the backup file records them. */
function tablesIn(file: string): Map<string, { rows: number; checksum: string }> {
  const tables = new Map<string, { rows: number; checksum: string }>();
  for (const line of gunzipSync(readFileSync(file)).toString("utf8").split("\n")) {
    if (!line.startsWith('{"$":"end"')) continue;
    const end = JSON.parse(line) as { name: string; rows: number; checksum: string };
    tables.set(end.name, { rows: end.rows, checksum: end.checksum });
  }
  return tables;
}

async function counts(query: Query, tables: string[]): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of tables) result[table] = Number((await query(`select count(*)::int as n from "${table}"`))[0]!.n);
  return result;
}

const running = new Set<RunningServer>();
let cluster: PrivatePostgres | undefined;
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all([...running].map((s) => s.stop()));
  await cluster?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A server with stores and an invoice, a write load on it, and a backup taken in the middle of the load. */
async function backupUnderLoad(server: RunningServer, file: string, env: { DATA_DIR?: string; DATABASE_URL?: string }) {
  const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  const id = runId();
  const stores = await createStores(server.url, adminToken, 3, id);
  const { filename: invoice } = await uploadInvoice(api(server.url, adminToken));
  const load = new WriteLoad({ url: server.url, adminToken, stores, invoice: invoice!, runId: id, workers: 4 });
  const loading = load.run(LOAD_MS * 3);
  await sleep(LOAD_MS / 2);
  const before = load.acked;
  const backup = await command("backup", file, env);
  const during = load.acked - before;
  load.stop();
  await loading;
  expect(load.unexpectedWrites()).toEqual([]);
  return { backup, during, invoice: invoice!, adminToken, stores };
}

describe("npm run backup and npm run restore, under a write load", () => {
  it("embedded, backed up while its server writes, restored into PostgreSQL", async () => {
    const dataDir = tempDir("passo-faults-backup-");
    dirs.push(dataDir);
    const file = path.join(dataDir, "..", `${path.basename(dataDir)}.passo.gz`);
    dirs.push(file);
    const source = await startServer({ dataDir });
    running.add(source);
    const { backup, during, invoice, adminToken } = await backupUnderLoad(source, file, { DATA_DIR: dataDir });
    const inFile = tablesIn(file);
    expect(inFile.get("picklists")!.rows + inFile.get("pickups")!.rows + inFile.get("returns")!.rows).toBeGreaterThan(0);

    cluster = await startPrivatePostgres();
    const databaseUrl = await cluster.createDatabase("passo_restored");
    const restore = await command("restore", file, { DATABASE_URL: databaseUrl });
    const restoredCounts = await withPostgres(databaseUrl, (q) => counts(q, [...inFile.keys()]));
    expect(restoredCounts).toEqual(Object.fromEntries([...inFile].map(([name, t]) => [name, t.rows])));
    expect(await withPostgres(databaseUrl, databaseProblems)).toEqual([]);
    console.log(
      `[backup] embedded under load: backup ${backup.ms} ms (${during} writes acknowledged meanwhile), ${[...inFile.values()].reduce((n, t) => n + t.rows, 0)} rows; ` +
        `restore into PostgreSQL ${restore.ms} ms`,
    );

    // The restored database serves what the embedded one holds for that backup: the same invoice bytes, the same lists.
    const restored = await startServer({ databaseUrl });
    running.add(restored);
    const token = await login(restored.url, ADMIN.email, ADMIN.password);
    const pdf = await fetch(`${restored.url}/uploads/${invoice}`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
    const lists = (await api(restored.url, token).get("/api/picklist/get")).body.picklists as { id: string }[];
    expect(lists).toHaveLength(inFile.get("picklists")!.rows);
    const sourceLists = (await api(source.url, adminToken).get("/api/picklist/get")).body.picklists as { id: string }[];
    const sourceIds = new Set(sourceLists.map((l) => l.id));
    expect(lists.filter((l) => !sourceIds.has(l.id))).toEqual([]);
    await restored.stop();
    await source.stop();
  });

  it("PostgreSQL, backed up under load, restored into a new embedded DATA_DIR", async () => {
    cluster ??= await startPrivatePostgres();
    const databaseUrl = await cluster.createDatabase("passo_source");
    const source = await startServer({ databaseUrl });
    running.add(source);
    const fileDir = tempDir("passo-faults-pgbackup-");
    dirs.push(fileDir);
    const file = path.join(fileDir, "passo.gz");
    const { backup, during, invoice } = await backupUnderLoad(source, file, { DATABASE_URL: databaseUrl });
    const inFile = tablesIn(file);
    await source.stop();

    const dataDir = tempDir("passo-faults-restored-");
    dirs.push(dataDir);
    const restore = await command("restore", file, { DATA_DIR: dataDir });
    expect(await withPglite(dataDir, (q) => counts(q, [...inFile.keys()]))).toEqual(Object.fromEntries([...inFile].map(([name, t]) => [name, t.rows])));
    expect(await withPglite(dataDir, databaseProblems)).toEqual([]);
    // A second restore into the same, now full, database is refused.
    await expect(command("restore", file, { DATA_DIR: dataDir })).rejects.toMatchObject({ stderr: expect.stringMatching(/não está vazio/) });
    console.log(`[backup] PostgreSQL under load: backup ${backup.ms} ms (${during} writes acknowledged meanwhile); restore into PGlite ${restore.ms} ms`);

    const restored = await startServer({ dataDir });
    running.add(restored);
    const token = await login(restored.url, ADMIN.email, ADMIN.password);
    expect((await fetch(`${restored.url}/uploads/${invoice}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(((await api(restored.url, token).get("/api/return/get")).body.returns as unknown[]).length).toBe(inFile.get("returns")!.rows);
    await restored.stop();
  });
});
