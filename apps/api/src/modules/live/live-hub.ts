import { type LiveEventData, type LiveEventKind, type User } from "@passo/domain";
import { and, asc, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { type Database, type Db, rowsOf } from "../../db/client.js";
import { changeEvents } from "../../db/schema/index.js";
import { readableStores } from "../../lib/store-scope.js";

/** The channel the tables' triggers notify at commit (migration 0008). */
export const CHANGE_EVENTS_CHANNEL = "passo_change_events";
/** How long change_events keeps a row: a client away for less than this misses nothing. */
export const CHANGE_EVENTS_RETENTION_HOURS = 24;
/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const KEEP_ALIVE_MS = 25_000;
/** Read the table this often even without a notification: a lost LISTEN connection delays, never loses. */
const SAFETY_POLL_MS = 2_000;
const READ_BATCH = 500;
/** How soon a read held up by a gap looks again (the commit it waits for is usually done by then). */
const GAP_RETRY_MS = 50;

export interface LiveEvent extends LiveEventData {
  seq: number;
  kind: LiveEventKind;
}

/**
 * Who a stream belongs to: the administrator sees every event (null), a store those of its own
 * records, a Supervisor those of its stores (lib/store-scope.ts), read again before every batch.
 */
export interface LiveScope {
  stores: readonly string[] | null;
}

export const scopeOf = (user: User): LiveScope => ({ stores: readableStores(user) });
const inScope = (scope: LiveScope, event: LiveEvent) => scope.stores === null || (event.store !== null && scope.stores.includes(event.store));

/** One open stream: what it has been sent, and where the hub writes. */
export interface LiveClient {
  scope: LiveScope;
  /**
   * Reads the scope again (a Supervisor's: its stores change with the notification rules); the hub
   * awaits it before sending each batch of events, so a store taken away is never sent another event.
   */
  refresh?: () => Promise<void>;
  send(event: LiveEvent): void;
  close(): void;
}

interface Subscriber {
  client: LiveClient;
  lastSent: number;
  /** Live events held back while the missed ones are read from the table. */
  held: LiveEvent[] | null;
}

export function formatEvent(event: LiveEvent): string {
  const data: LiveEventData = { id: event.id, action: event.action, store: event.store, status: event.status };
  return `id: ${event.seq}\nevent: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

function readEvents(db: Db, after: number, upTo: number | null, scope: LiveScope | null): Promise<LiveEvent[]> {
  const conditions = [gt(changeEvents.id, after)];
  if (upTo !== null) conditions.push(lte(changeEvents.id, upTo));
  if (scope && scope.stores !== null) conditions.push(scope.stores.length === 0 ? sql`false` : inArray(changeEvents.store, [...scope.stores]));
  return db
    .select({
      seq: changeEvents.id,
      kind: sql<LiveEventKind>`${changeEvents.kind}`,
      id: changeEvents.recordId,
      action: sql<LiveEventData["action"]>`${changeEvents.action}`,
      store: changeEvents.store,
      status: changeEvents.status,
    })
    .from(changeEvents)
    .where(and(...conditions))
    .orderBy(asc(changeEvents.id))
    .limit(READ_BATCH);
}

async function newestId(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number>`coalesce(max(${changeEvents.id}), 0)`.mapWith(Number) }).from(changeEvents);
  return row?.max ?? 0;
}

/** The oldest transaction still running, and the first not started yet, as of now. */
async function currentSnapshot(db: Db): Promise<{ xmin: bigint; xmax: bigint }> {
  const [row] = rowsOf<{ xmin: string; xmax: string }>(
    await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax`),
  );
  return { xmin: BigInt(row!.xmin), xmax: BigInt(row!.xmax) };
}

/** Deletes the events older than the retention: run now and then by whichever process. */
export async function pruneChangeEvents(db: Db): Promise<void> {
  await db.delete(changeEvents).where(lt(changeEvents.createdAt, sql`now() - make_interval(hours => ${CHANGE_EVENTS_RETENTION_HOURS})`));
}

export interface LiveHub {
  /** Adds a stream; with `lastEventId`, the events after it are sent first. Resolves once it is live. */
  subscribe(client: LiveClient, lastEventId: number | null): Promise<() => void>;
  /** Ends every open stream (the process is stopping: clients reconnect to another one). */
  closeAll(): void;
  stop(): Promise<void>;
  readonly connections: number;
}

/**
 * One per process: learns of committed changes from the database (LISTEN on PostgreSQL, the same
 * notification on PGlite, and a slow poll as a safety net), reads them once, and fans them out to
 * every open stream of this process. It starts with the first stream.
 */
export function createLiveHub(database: Database, log: FastifyBaseLogger): LiveHub {
  const subscribers = new Set<Subscriber>();
  let cursor = 0;
  let started: Promise<void> | null = null;
  let stopped = false;
  /** Set once the process is stopping: a stream still opening is ended instead of added. */
  let closing = false;
  let reading: Promise<void> | null = null;
  let again = false;
  let poll: NodeJS.Timeout | undefined;
  let listener: pg.Client | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let reconnect: NodeJS.Timeout | undefined;

  const deliver = (event: LiveEvent) => {
    for (const s of subscribers) {
      if (!inScope(s.client.scope, event)) continue;
      if (s.held) s.held.push(event);
      else if (event.seq > s.lastSent) {
        s.lastSent = event.seq;
        s.client.send(event);
      }
    }
  };

  /**
   * Ids are taken at commit time but commits may finish out of order: a missing id just after the
   * cursor may belong to a transaction still committing. The rows after it wait until it arrives, or
   * until every transaction that was running when the gap was first seen has ended (it was rolled back).
   */
  let gap: { id: number; horizon: bigint } | null = null;
  let gapRetry: NodeJS.Timeout | undefined;

  const readNew = async () => {
    for (;;) {
      const events = await readEvents(database.db, cursor, null, null);
      if (events.length > 0) await Promise.all([...subscribers].map((s) => s.client.refresh?.()));
      let held = false;
      for (const event of events) {
        if (event.seq !== cursor + 1) {
          const snapshot = await currentSnapshot(database.db);
          if (!gap || gap.id !== cursor + 1) gap = { id: cursor + 1, horizon: snapshot.xmax };
          if (snapshot.xmin < gap.horizon) {
            held = true;
            break;
          }
        }
        gap = null;
        cursor = event.seq;
        deliver(event);
      }
      if (held) {
        clearTimeout(gapRetry);
        gapRetry = setTimeout(wake, GAP_RETRY_MS);
        gapRetry.unref();
        return;
      }
      if (events.length < READ_BATCH) return;
    }
  };

  /** Reads what was committed since the last read; a wake-up during a read reads again after it. */
  const wake = (): void => {
    if (stopped || !started) return;
    if (reading) {
      again = true;
      return;
    }
    reading = readNew()
      .catch((err: unknown) => log.warn({ err }, "live updates: could not read change events"))
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  const listenPostgres = async (attempt = 0): Promise<void> => {
    if (stopped || !database.url) return;
    const client = new pg.Client({ connectionString: database.url });
    client.on("notification", wake);
    const retry = () => {
      if (listener !== client || stopped) return;
      listener = null;
      client.end().catch(() => {});
      const delay = Math.min(30_000, 500 * 2 ** attempt);
      reconnect = setTimeout(() => void listenPostgres(attempt + 1), delay);
      reconnect.unref();
    };
    client.on("error", retry);
    client.on("end", retry);
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_EVENTS_CHANNEL}`);
      attempt = 0;
      // What was committed while no one listened.
      wake();
    } catch (err) {
      log.warn({ err }, "live updates: could not listen to the database; retrying");
      retry();
    }
  };

  const start = async () => {
    cursor = await newestId(database.db);
    if (database.pglite) unlisten = await database.pglite.listen(CHANGE_EVENTS_CHANNEL, wake);
    else void listenPostgres();
    poll = setInterval(wake, SAFETY_POLL_MS);
    poll.unref();
  };

  return {
    get connections() {
      return subscribers.size;
    },
    async subscribe(client, lastEventIdAsked) {
      let lastEventId = lastEventIdAsked;
      if (closing) {
        client.close();
        return () => {};
      }
      if (!started) {
        started = start().catch((err: unknown) => {
          started = null;
          throw err;
        });
      }
      await started;
      if (closing) {
        client.close();
        return () => {};
      }
      const replayTo = cursor;
      // An id past every stored one comes from another database (one restored from an older backup):
      // the client starts afresh instead of waiting for the ids to catch up with it.
      if (lastEventId !== null && lastEventId > replayTo && lastEventId > (await newestId(database.db))) lastEventId = null;
      const subscriber: Subscriber = { client, lastSent: lastEventId ?? replayTo, held: lastEventId === null ? null : [] };
      subscribers.add(subscriber);
      const unsubscribe = () => void subscribers.delete(subscriber);
      if (lastEventId === null) return unsubscribe;
      try {
        let after = lastEventId;
        for (;;) {
          const missed = await readEvents(database.db, after, replayTo, client.scope);
          for (const event of missed) {
            subscriber.lastSent = event.seq;
            client.send(event);
          }
          if (missed.length < READ_BATCH) break;
          after = missed[missed.length - 1]!.seq;
        }
        for (const event of subscriber.held ?? []) {
          if (event.seq > subscriber.lastSent) {
            subscriber.lastSent = event.seq;
            client.send(event);
          }
        }
        subscriber.held = null;
      } catch (err) {
        unsubscribe();
        throw err;
      }
      return unsubscribe;
    },
    closeAll() {
      closing = true;
      for (const s of subscribers) s.client.close();
      subscribers.clear();
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(reconnect);
      clearTimeout(gapRetry);
      this.closeAll();
      const client = listener;
      listener = null;
      await Promise.allSettled([client?.end(), unlisten?.(), reading]);
    },
  };
}
