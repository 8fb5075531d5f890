import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app/app.js";
import { fromPostgres, rowsOf } from "../../db/client.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { createLogger } from "../audit/logger.js";
import { countLiveConnection, setLiveConnections } from "../../lib/prometheus.js";
import { OPERATIONS_MESSAGES } from "./operations.routes.js";

const t = useTestApp();

/** The value of one series in a Prometheus text answer. */
function series(text: string, name: string, labels = ""): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(labels ? `${name}{${labels}` : `${name} `) || (!labels && l.startsWith(`${name}{`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("health and readiness", () => {
  it("/healthz answers ok without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers ready while the database answers and has every migration", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
  });

  it("/readyz answers 503 while a migration of this version is missing, and ready again once it is there", async () => {
    const db = t.database.db;
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: OPERATIONS_MESSAGES.migrationsPending });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("/readyz answers 503 with a Portuguese error when the database is not there", async () => {
    // A PostgreSQL address nothing listens on: the same app, its database gone.
    const database = fromPostgres("postgres://postgres@127.0.0.1:1/passo_ausente");
    const app = await buildApp({ config: t.config, database });
    try {
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBeDefined();
      expect(res.json()).toEqual({ error: OPERATIONS_MESSAGES.databaseDown });
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("request ids", () => {
  it("answers every request with an X-Request-Id, keeping a sane one the client sent", async () => {
    const own = await t.app.inject({ method: "GET", url: "/api/nao-existe" });
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "lb-7f3a.42" } });
    expect(given.headers["x-request-id"]).toBe("lb-7f3a.42");
    const insane = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "a b\u0001<script>" } });
    expect(insane.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.app.inject({ method: "GET", url: "/api/users/get" });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["x-request-id"]).toBeDefined();
  });

  it("puts the request's id on every log line the request writes", async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config: t.config, database: t.database, logger: createLogger("info", capture) });
    try {
      await app.inject({ method: "GET", url: "/api/users/get", headers: { "x-request-id": "pedido-de-teste-1" } });
      const mine = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === "pedido-de-teste-1");
      expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
      expect(lines.filter((l) => l.includes("pedido-de-teste-1")).length).toBe(mine.length);
    } finally {
      await app.close();
    }
  });
});

describe("/metrics", () => {
  it("serves request durations by route and status, the e-mail queue, the live connections and the process's figures", async () => {
    await t.app.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(t.adminToken) });
    await t.app.inject({ method: "GET", url: "/api/picklist/getId/00000000-0000-4000-8000-000000000000", headers: bearer(t.adminToken) });
    const closeOne = countLiveConnection();
    countLiveConnection()();
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    closeOne();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const text = res.body;
    expect(series(text, "passo_http_request_duration_seconds_count", 'method="GET",route="/api/picklist/get",status_code="200"')).toBe(1);
    // The route's pattern, never the id asked for.
    expect(series(text, "passo_http_request_duration_seconds_count", 'method="GET",route="/api/picklist/getId/:id",status_code="404"')).toBe(1);
    expect(text).not.toContain("00000000-0000-4000-8000-000000000000");
    expect(series(text, "passo_email_outbox_emails", 'status="pending"')).toBe(0);
    expect(series(text, "passo_email_outbox_emails", 'status="failed"')).toBe(0);
    expect(series(text, "passo_database_up")).toBe(1);
    expect(series(text, "passo_live_connections")).toBe(1);
    expect(series(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(series(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    if (t.database.kind === "postgres") expect(series(text, "passo_db_pool_connections", 'state="total"')).toBeGreaterThan(0);
    setLiveConnections(0);
  });

  it("counts e-mails waiting and failed", async () => {
    await t.database.db.execute(
      sql`insert into notification_outbox (event_key, kind, record_id, "to", subject, html, status) values
          ('metricas-1', 'picklist-alert', gen_random_uuid(), '{a@passo.test}', 's', 'h', 'pending'),
          ('metricas-2', 'picklist-alert', gen_random_uuid(), '{a@passo.test}', 's', 'h', 'failed'),
          ('metricas-3', 'picklist-alert', gen_random_uuid(), '{a@passo.test}', 's', 'h', 'failed')`,
    );
    try {
      const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
      expect(series(text, "passo_email_outbox_emails", 'status="pending"')).toBe(1);
      expect(series(text, "passo_email_outbox_emails", 'status="failed"')).toBe(2);
      expect(series(text, "passo_email_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(0);
    } finally {
      await t.database.db.execute(sql`delete from notification_outbox where event_key like 'metricas-%'`);
    }
  });

  it("without METRICS_TOKEN answers only this machine: 404 from another address, and X-Forwarded-For cannot pose as loopback", async () => {
    const local = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "::1" });
    expect(local.statusCode).toBe(200);
    for (const remoteAddress of ["203.0.113.9", "10.0.0.5", "::ffff:192.168.0.7"]) {
      const res = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual({ error: OPERATIONS_MESSAGES.metricsLocalOnly });
      expect(res.body).not.toContain("passo_");
    }
    const spoofed = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9", headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(spoofed.statusCode).toBe(404);
    // A proxy on this machine forwards what came from elsewhere: not a local request either.
    for (const headers of [{ "x-forwarded-for": "203.0.113.9" }, { forwarded: "for=203.0.113.9" }, { "x-real-ip": "203.0.113.9" }]) {
      expect((await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1", headers })).statusCode).toBe(404);
    }
  });

  it("asks for METRICS_TOKEN when one is set, from anywhere", async () => {
    const app = await buildApp({ config: { ...t.config, metricsToken: "token-das-metricas-123" }, database: t.database });
    try {
      expect((await app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
      const wrong = await app.inject({ method: "GET", url: "/metrics", headers: bearer("token-errado-000000000") });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: OPERATIONS_MESSAGES.metricsToken });
      const right = await app.inject({ method: "GET", url: "/metrics", headers: bearer("token-das-metricas-123") });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain("passo_http_request_duration_seconds");
      const remote = await app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9", headers: bearer("token-das-metricas-123") });
      expect(remote.statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
