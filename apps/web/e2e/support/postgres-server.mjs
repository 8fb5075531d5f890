// Starts Passo on a fresh PostgreSQL database for browser tests that must arrange data the UI
// cannot (a return created 31 days ago): the test writes to that database directly.
import pg from "pg";

const url = new URL(process.env.E2E_DATABASE_URL);
const name = url.pathname.slice(1);
if (!/^passo_e2e_\w+$/.test(name)) throw new Error(`refusing to recreate database ${name}`);
const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();

process.env.DATABASE_URL = url.toString();
await import("../../../../scripts/start.mjs");
