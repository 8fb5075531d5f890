import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { ADMIN, STORE, type Role } from "@passo/domain";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp, type App } from "../app/app.js";
import { prepareDatabase } from "../bootstrap.js";
import type { Config } from "../config.js";
import { fromPglite, openPglite, fromPostgres, type Database } from "../db/client.js";
import { createUser } from "../modules/users/users.service.js";

export const ADMIN_EMAIL = "admin@passo.test";
export const ADMIN_PASSWORD = "senha-do-admin";
export const STORE_PASSWORD = "senha-da-loja";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: "/nonexistent",
    databaseUrl: undefined,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    companyName: "Calçados Teste",
    companyEmailDomain: "passo.test",
    timezone: "America/Sao_Paulo",
    jwtSecret: randomBytes(32).toString("hex"),
    encryptionKey: randomBytes(32).toString("hex"),
    metricsToken: undefined,
    trustProxy: [],
    apiKeyRateLimit: 600,
    liveMaxStreams: 500,
    liveMaxStreamsPerUser: 5,
    schedulerIntervalSeconds: 60,
    demoData: false,
    smtpAllowPrivate: false,
    logLevel: "silent",
    ...overrides,
  };
}

/** A fresh database with the real migrations, copied from the template global-setup made. */
export async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject("postgresTemplate");
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = `passo_t_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = fromPostgres(dbUrl.toString());
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const tar = await readFile(inject("pgliteTemplate"));
  const client = await openPglite(undefined, { loadDataDir: new Blob([tar]) });
  return fromPglite(client);
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  /** The administrator's bearer token. */
  adminToken: string;
  /** Creates a store (a Usuário básico) and returns its username, e-mail (password STORE_PASSWORD) and token. */
  createStore(name?: string): Promise<{ username: string; email: string; token: string; id: string }>;
  /** Creates a user of any role and signs it in. */
  createUserAndLogin(username: string, role: Role): Promise<{ username: string; email: string; token: string; id: string }>;
  login(email: string, password: string): Promise<string>;
  /** Uploads TINY_PDF as the administrator, as the pickup form does; returns the stored file name. */
  uploadInvoice(): Promise<string>;
}

/** The smallest file the upload accepts as a PDF (it starts with %PDF-). */
export const TINY_PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let storeCounter = 0;

/** Registers beforeAll/afterAll for a test file: its own app on its own fresh database. */
export function useTestApp(overrides: Partial<Config> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    const config = testConfig(overrides);
    const database = await openTestDatabase();
    await prepareDatabase(database, config, pino({ level: "silent" }));
    const app = await buildApp({ config, database });
    await app.ready();
    ctx.app = app;
    ctx.database = database;
    ctx.config = config;
    ctx.login = async (email, password) => {
      // From an address of its own (TEST-NET-1): the wrong passwords a test sends from inject's default
      // address, and the sign-in throttle they start, never stand in the way of the fixtures' sign-ins.
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: "192.0.2.1" });
      if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    };
    ctx.createUserAndLogin = async (username, role) => {
      const email = `${username.toLowerCase().replace(/[^a-z0-9]+/g, ".")}.${++storeCounter}@${config.companyEmailDomain}`;
      const user = await createUser(database.db, { username, email, password: STORE_PASSWORD, role });
      return { username, email, id: user.id, token: await ctx.login(email, STORE_PASSWORD) };
    };
    ctx.createStore = (name) => ctx.createUserAndLogin(name ?? `Loja ${++storeCounter}`, STORE);
    ctx.adminToken = await ctx.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    ctx.uploadInvoice = async () => {
      const form = new FormData();
      form.append("invoiceFileName", new Blob([TINY_PDF], { type: "application/pdf" }), "nota.pdf");
      const body = new Response(form);
      const res = await app.inject({
        method: "POST",
        url: "/api/uploads/nfe",
        headers: { authorization: `Bearer ${ctx.adminToken}`, "content-type": body.headers.get("content-type")! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
      if (res.statusCode !== 201) throw new Error(`invoice upload failed: ${res.statusCode} ${res.body}`);
      return res.json().filename as string;
    };
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export { ADMIN, STORE };
