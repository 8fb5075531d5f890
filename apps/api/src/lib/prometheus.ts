import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { type Database, rowsOf } from "../db/client.js";

/**
 * The figures /metrics serves to Prometheus (docs/api.md), apart from the dashboards' figures
 * ('Relatórios e métricas', modules/metrics).
 *
 * What the process itself reports, whichever app instance serves: its CPU, memory and event loop,
 * and the open live-update connections. One registry per process; each app adds its own figures
 * (requests, e-mail queue, database pool) at scrape time.
 */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

const liveConnections = new Gauge({
  name: "passo_live_connections",
  help: "Open live-update connections (Server-Sent Events) of this process.",
  registers: [processRegistry],
});

/** The live-update stream sets this as connections open and close. */
export function setLiveConnections(count: number): void {
  liveConnections.set(count);
}

/** One connection more; the returned function counts it out (call it once, when the connection closes). */
export function countLiveConnection(): () => void {
  liveConnections.inc();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    liveConnections.dec();
  };
}

/** One app's Prometheus figures, merged with the process's when scraped. */
export interface PrometheusRegistry {
  registry: Registry;
  idempotentReplays: Counter;
  /** The Prometheus text of the process's and this app's figures. */
  render(): Promise<{ contentType: string; text: string }>;
}

const OUTBOX_STATUSES = ["pending", "sending", "failed"] as const;
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

/** Request durations, the e-mail queue and the database pool of one app, on top of the process's figures. */
export function createPrometheusRegistry(app: FastifyInstance, database: Database): PrometheusRegistry {
  const registry = new Registry();

  const requests = new Histogram({
    name: "passo_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route and status.",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    // The route's pattern, never the raw URL: ids and queries would make a series per request.
    const route = request.routeOptions.url ?? "(sem rota)";
    requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // One query per scrape feeds the three gauges below (prom-client collects them side by side). A
  // database that does not answer in time leaves the queue's figures out and says so; the process's
  // own figures still go out.
  type QueueRow = { status: string; count: number; age: number | null };
  let reading: Promise<QueueRow[] | undefined> | undefined;
  const readQueue = () => {
    if (!reading) {
      reading = Promise.race([
        database.db.execute(
          sql`select status, count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as age
              from notification_outbox where status in ('pending', 'sending', 'failed') group by status`,
        ),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), SCRAPE_QUERY_TIMEOUT_MS).unref()),
      ])
        .then(
          (result) => rowsOf<QueueRow>(result),
          () => undefined,
        )
        .finally(() => {
          reading = undefined;
        });
    }
    return reading;
  };

  new Gauge({
    name: "passo_email_outbox_emails",
    help: "E-mails in the outbox by status: pending (waiting to be sent), sending, failed (waiting for an administrator's retry).",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await readQueue();
      if (!rows) return this.reset();
      for (const status of OUTBOX_STATUSES) this.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
    },
  });
  new Gauge({
    name: "passo_email_outbox_oldest_pending_seconds",
    help: "Age of the oldest e-mail still waiting to be sent (0 when none waits).",
    registers: [registry],
    async collect() {
      const rows = await readQueue();
      if (!rows) return this.reset();
      const waiting = rows.filter((r) => r.status !== "failed").map((r) => r.age ?? 0);
      this.set(waiting.length > 0 ? Math.max(...waiting) : 0);
    },
  });
  new Gauge({
    name: "passo_database_up",
    help: "1 when the database answered this scrape's query, 0 when it did not.",
    registers: [registry],
    async collect() {
      this.set((await readQueue()) ? 1 : 0);
    },
  });

  const figures = database.poolFigures;
  if (figures) {
    new Gauge({
      name: "passo_db_pool_connections",
      help: "PostgreSQL connections of this process's pool: total open, idle, and requests waiting for one.",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const now = figures();
        this.set({ state: "total" }, now.total);
        this.set({ state: "idle" }, now.idle);
        this.set({ state: "waiting" }, now.waiting);
      },
    });
  }

  const idempotentReplays = new Counter({
    name: "passo_idempotent_replays_total",
    help: "Creations asked again with an Idempotency-Key already answered: the first answer was sent again, nothing created.",
    registers: [registry],
  });

  return {
    registry,
    idempotentReplays,
    async render() {
      const merged = Registry.merge([processRegistry, registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}
