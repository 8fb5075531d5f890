import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { deleteExpiredIdempotencyKeys } from "../lib/idempotency.js";
import { purgeSentEmailBodies } from "../modules/email-outbox/email-outbox.retention.js";
import { pruneChangeEvents } from "../modules/live/live-hub.js";

const HOUR_MS = 60 * 60_000;

export interface HourlySweep {
  /** Purges sent e-mails' bodies now, then sweeps every hour. */
  start(): void;
  /** No further sweep; waits for the one running. */
  stop(): Promise<void>;
}

/**
 * What is past its time, cleared every hour by whichever process: sent e-mails' bodies past their
 * retention period (LGPD; also at start), idempotency keys past their 24 hours, live-update events
 * past theirs. A failure is logged and tried again at the next hour.
 */
export function createHourlySweep({ db, log }: { db: Db; log: FastifyBaseLogger }): HourlySweep {
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const purgeEmailBodies = () =>
    purgeSentEmailBodies(db)
      .then((purged) => {
        if (purged > 0) log.info({ purged }, "sent e-mail bodies purged after their retention period");
      })
      .catch((err: unknown) => log.warn({ err }, "could not purge sent e-mail bodies"));

  const sweep = () => {
    track(deleteExpiredIdempotencyKeys(db).catch((err: unknown) => log.warn({ err }, "could not clear expired idempotency keys")));
    track(pruneChangeEvents(db).catch((err: unknown) => log.warn({ err }, "could not clear old live-update events")));
    track(purgeEmailBodies());
  };

  return {
    start() {
      timer = setInterval(sweep, HOUR_MS).unref();
      track(purgeEmailBodies());
    },
    async stop() {
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}
