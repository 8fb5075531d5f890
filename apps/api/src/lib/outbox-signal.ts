import { EventEmitter } from "node:events";

/**
 * The in-process signal between a change that queued an e-mail (records/outbox.ts) and this process's
 * outbox worker (jobs/email-outbox-worker.ts), so that the e-mail goes out without waiting for the next poll.
 */
const signal = new EventEmitter();

/**
 * Tells this process's worker that an e-mail may be waiting. Call it after the transaction
 * commits: a worker woken earlier would not see the row yet (it would still find it at its
 * next poll). Other API processes find it by polling.
 */
export function nudgeOutbox(): void {
  signal.emit("nudge");
}

/** Subscribes to nudges; returns the unsubscribe. */
export function onOutboxNudge(listener: () => void): () => void {
  signal.on("nudge", listener);
  return () => signal.off("nudge", listener);
}
