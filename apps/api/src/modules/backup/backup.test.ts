import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { createGunzip, createGzip, gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app/app.js";
import { prepareDatabase } from "../../bootstrap.js";
import { fromPglite, openPglite, fromPostgres, type Database } from "../../db/client.js";
import { pickupsKit } from "../../testing/pickups.js";
import { TINY_PDF, bearer, useTestApp } from "../../testing/test-app.js";
import { BackupError, backupDatabase, restoreBackup, tableChecksums } from "./backup.service.js";
import { snapshotOn } from "./sql-session.js";

const t = useTestApp();
const onPostgres = !!process.env.TEST_DATABASE_URL;
const opened: Database[] = [];
const dropped: string[] = [];
let store: { username: string; token: string };
let invoice: string;

/** The backup file's bytes, as `npm run backup` writes them. */
async function backupOf(database: Database): Promise<{ file: Buffer; tables: Map<string, { rows: number; checksum: string }> }> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on("data", (c: Buffer) => chunks.push(c));
  const finished = new Promise((resolve) => gzip.on("end", resolve));
  const summary = await backupDatabase(database, gzip);
  gzip.end();
  await finished;
  return { file: Buffer.concat(chunks), tables: new Map(summary.tables.map((s) => [s.name, { rows: s.rows, checksum: s.checksum }])) };
}

function restoreFrom(database: Database, file: Buffer) {
  return restoreBackup(database, Readable.from([file]).pipe(createGunzip()));
}

/** An empty embedded database, never started: where a restore goes. */
async function emptyPglite(): Promise<Database> {
  const database = fromPglite(await openPglite());
  opened.push(database);
  return database;
}

/** An empty PostgreSQL database on the test server. */
async function emptyPostgres(): Promise<Database> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `passo_t_restore_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  dropped.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = fromPostgres(url.toString());
  opened.push(database);
  return database;
}

async function checksums(database: Database) {
  return snapshotOn(database)(tableChecksums);
}

async function createList(app: App, token: string, item: string) {
  const res = await app.inject({ method: "POST", url: "/api/picklist/create", headers: bearer(token), payload: { destination: store.username, listItems: [item] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().picklist as { id: string };
}

async function pickupWithInvoice(app: App, token: string, orderNumber: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/pickup/create",
    headers: bearer(token),
    payload: pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: invoice })).form({ pickupType: "Disponível na loja", orderNumber, trackingCode: "123456" }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().pickup as { id: string };
}

beforeAll(async () => {
  store = await t.createStore("Loja do Backup");
  invoice = await t.uploadInvoice();
  for (let i = 0; i < 5; i++) await createList(t.app, t.adminToken, `TENIS BACKUP ${i} 123456-7X`);
  await pickupWithInvoice(t.app, t.adminToken, "BACKUP0000000001");
  await t.app.inject({ method: "POST", url: "/api/api-keys/create", headers: bearer(t.adminToken), payload: { name: "Plataforma", scopes: ["picklists"] } });
  // A table with a sequence, as a serial id makes one: created on the source and on every target.
  await t.database.db.execute("create table if not exists public.backup_probe (id bigserial primary key, note text)");
  await t.database.db.execute("insert into public.backup_probe (note) values ('a'), ('b'), ('c')");
  await t.database.db.execute("delete from public.backup_probe where note = 'c'");
});

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  if (dropped.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of dropped) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

// Each restore starts an empty database of its own (PGlite's initdb, or a new PostgreSQL database): slow on a busy machine.
describe("backup and restore", { timeout: 120_000 }, () => {
  it("a backup taken during a write load restores to the same counts and checksums of every table", async () => {
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        await createList(t.app, t.adminToken, `TENIS DURANTE ${written++} 654321-0X`);
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    const backup = await backupOf(t.database);
    writing = false;
    await load;
    expect(written).toBeGreaterThan(0);

    const target = await emptyPglite();
    await target.pglite!.exec("create table public.backup_probe (id bigserial primary key, note text)");
    const restored = await restoreFrom(target, backup.file);
    expect(restored.rows).toBeGreaterThan(10);
    const after = await checksums(target);
    for (const [table, figures] of backup.tables) expect(after.get(table), table).toEqual(figures);
    expect([...after.keys()].sort()).toEqual([...backup.tables.keys()].sort());
    // The snapshot: the lists written during the backup are either all there or not, never half.
    expect(backup.tables.get("picklists")!.rows).toBeLessThan(5 + written + 1);
    // The sequence continues where it stood, past the deleted row.
    const [next] = (await target.pglite!.query<{ id: string }>("insert into public.backup_probe (note) values ('d') returning id")).rows;
    expect(Number(next!.id)).toBe(4);
    // 'Lista nº' goes on past the restored lists' numbers: never a number twice.
    const [restoredMax] = (await target.pglite!.query<{ max: number }>("select max(number)::int as max from picklists")).rows;
    const [newList] = (await target.pglite!.query<{ number: number }>("insert into picklists (destination, list_items) values ('Loja Restaurada', '{A}') returning number")).rows;
    expect(newList!.number).toBeGreaterThan(restoredMax!.max);
  });

  it("refuses a database that is not empty, and writes nothing", async () => {
    const { file } = await backupOf(t.database);
    const error = await restoreFrom(t.database, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/não está vazio/);
  });

  it("refuses a backup from a newer version, a truncated file and what is not a backup, leaving the target empty", async () => {
    const { file } = await backupOf(t.database);
    const text = gunzipSync(file).toString("utf8");
    const newer = text.replace(/"migrations":\[/, '"migrations":[{"hash":"de-uma-versao-futura","when":1}, ');
    const target = await emptyPglite();
    await target.pglite!.exec("create table public.backup_probe (id bigserial primary key, note text)");
    await expect(restoreFrom(target, gzipSync(newer))).rejects.toThrow(/versão mais nova/);
    const truncated = text.slice(0, Math.floor(text.length * 0.8));
    await expect(restoreFrom(target, gzipSync(truncated))).rejects.toThrow(/incompleto|corrompido/);
    const [users] = (await target.pglite!.query<{ n: number }>("select count(*)::int as n from users")).rows;
    expect(users!.n).toBe(0);
    await expect(restoreFrom(target, gzipSync("olá\n"))).rejects.toThrow(/não é um backup do Passo/);
  });

  it("an embedded backup restored into PostgreSQL serves the same records and invoices, and back", async () => {
    if (!onPostgres) return expect(t.database.kind).toBe("pglite");
    // The source: an embedded database with the chain's records, as `npm start` makes one.
    const source = await emptyPglite();
    await prepareDatabase(source, t.config, pino({ level: "silent" }));
    const app = await buildApp({ config: t.config, database: source });
    opened.push({ ...source, close: () => app.close() });
    const token = (await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: t.config.adminEmail, password: t.config.adminPassword } })).json().token;
    await app.inject({ method: "POST", url: "/api/users/create", headers: bearer(token), payload: { username: store.username, email: "loja.backup@passo.test", password: "senha-da-loja", role: "Usuário básico" } });
    const form = new FormData();
    form.append("invoiceFileName", new Blob([TINY_PDF], { type: "application/pdf" }), "nota.pdf");
    const body = new Response(form);
    const upload = await app.inject({ method: "POST", url: "/api/uploads/nfe", headers: { ...bearer(token), "content-type": body.headers.get("content-type")! }, payload: Buffer.from(await body.arrayBuffer()) });
    invoice = upload.json().filename;
    await createList(app, token, "TENIS EMBUTIDO 111111-1X");
    await pickupWithInvoice(app, token, "EMBUTIDO00000001");
    const sourceLists = (await app.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(token) })).json();
    const sourcePickups = (await app.inject({ method: "GET", url: "/api/pickup/get", headers: bearer(token) })).json();

    const embedded = await backupOf(source);
    const target = await emptyPostgres();
    await restoreFrom(target, embedded.file);
    const served = await buildApp({ config: t.config, database: target });
    try {
      const again = (await served.inject({ method: "POST", url: "/api/auth/login", payload: { email: t.config.adminEmail, password: t.config.adminPassword } })).json().token;
      expect(again).toEqual(expect.any(String));
      expect((await served.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(again) })).json()).toEqual(sourceLists);
      expect((await served.inject({ method: "GET", url: "/api/pickup/get", headers: bearer(again) })).json()).toEqual(sourcePickups);
      const pdf = await served.inject({ method: "GET", url: `/uploads/${invoice}`, headers: bearer(again) });
      expect(pdf.statusCode).toBe(200);
      expect(Buffer.from(pdf.rawPayload).equals(Buffer.from(TINY_PDF))).toBe(true);

      // And back: PostgreSQL to a new embedded database, row for row.
      const fromPostgresBackup = await backupOf(target);
      const back = await emptyPglite();
      await restoreFrom(back, fromPostgresBackup.file);
      expect(await checksums(back)).toEqual(await checksums(source));
    } finally {
      await served.close();
    }
  });
});
