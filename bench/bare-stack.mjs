// The bare-stack floor: a minimal Fastify + pg server that answers each of the bench's paged lists
// with the same SQL the API runs for it (the page with its total in one prepared statement) and
// sends the rows as PostgreSQL gives them, serialized by Fastify's default JSON. None of Passo's
// sign-in, validation, mapping or response schemas: what is left is what any Node service on this
// stack pays. Passo's requests per second as a fraction of this server's, in the same run on the same
// database, is what Passo's own layers cost on top of the framework and the driver.
//
// Started by bench/run.mjs as a child process: BARE_DATABASE_URL, BARE_PORT, and BARE_ROUTES (a JSON
// file of [{ text }]: route i answers GET /bare/i). The pool has the API's size (10).
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import pg from "pg";

const routes = JSON.parse(readFileSync(process.env.BARE_ROUTES, "utf8"));
const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
routes.forEach((route, i) => {
  const statement = { name: `bare_${i}`, text: route.text };
  app.get(`/bare/${i}`, async () => {
    const { rows } = await pool.query(statement);
    return { rows, total: rows[0]?.total ?? 0 };
  });
});
app.get("/ready", async () => ({ ok: true }));
await app.listen({ port: Number(process.env.BARE_PORT), host: "127.0.0.1" });
process.on("SIGTERM", async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
