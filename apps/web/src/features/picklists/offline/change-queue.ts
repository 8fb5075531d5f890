import { newIdempotencyKey } from "@/lib/idempotency";
import { offlineDatabase, QUEUE } from "@/lib/offline-db";

/**
 * A store's change to a list, made without a connection: what the clerk did, not the list it led to,
 * so that the server can judge it on the list as it stands when it arrives (docs/state-machines.md).
 */
export type OfflineChange =
  | { kind: "start" }
  | { kind: "separate"; item: string }
  | { kind: "unseparate"; item: string }
  | { kind: "unavailable"; on: boolean }
  // The staff member's PIN when the store requires one: kept on the device only until the change is sent.
  | { kind: "finish"; numberTransfer: string | null; at: string; staffPin?: string };

/** One change in the queue, in the order it was made, with the key that makes a repeat harmless. */
export interface QueuedChange {
  seq: number;
  /** The signed-in user who made it: a queue is replayed only by its own user. */
  user: string;
  listId: string;
  change: OfflineChange;
  idempotencyKey: string;
  /** The list's version the change was made on (null: not known). */
  baseVersion: string | null;
  madeAt: Date;
  /** The server's refusal: the list's queue stops here, and the clerk sees why. */
  refused?: string;
}

/** A bound on the device's queue: a tablet offline for days still cannot fill its disk. */
export const QUEUE_LIMIT = 5_000;
export const QUEUE_FULL_MESSAGE = "Há 5.000 alterações esperando a conexão. Conecte o tablet à internet para enviá-las antes de continuar.";

export class QueueFullError extends Error {
  constructor() {
    super(QUEUE_FULL_MESSAGE);
    this.name = "QueueFullError";
  }
}

/** Puts a change at the end of the queue (after every change made before it, on any list). */
export async function enqueue(entry: { user: string; listId: string; change: OfflineChange; baseVersion: string | null }, now = new Date()): Promise<QueuedChange> {
  const db = await offlineDatabase();
  const tx = db.transaction(QUEUE, "readwrite");
  const count = await tx.store.count();
  if (count >= QUEUE_LIMIT) {
    tx.abort();
    await tx.done.catch(() => undefined);
    throw new QueueFullError();
  }
  const queued = { ...entry, idempotencyKey: newIdempotencyKey(), madeAt: now };
  const seq = (await tx.store.add(queued)) as number;
  await tx.done;
  return { ...queued, seq };
}

/** The user's queued changes, in order; of one list when `listId` is given. */
export async function queued(user: string, listId?: string): Promise<QueuedChange[]> {
  const all = (await (await offlineDatabase()).getAllFromIndex(QUEUE, "user", user)) as QueuedChange[];
  const mine = listId === undefined ? all : all.filter((entry) => entry.listId === listId);
  return mine.sort((a, b) => a.seq - b.seq);
}

/** What sending one change led to: kept by the server, refused with its message, or not sent at all. */
export type SendOutcome = { sent: true } | { refused: string } | { unreachable: true };

/**
 * Sends the user's queue in order, each change with its idempotency key. A change the server keeps
 * leaves the queue; one it refuses stays, marked with the server's message, and the changes after
 * it on the same list wait (the clerk sees them as not sent); other lists go on. When the server
 * cannot be reached, the replay stops where it is and the queue waits for the next try.
 */
export async function replay(
  user: string,
  send: (entry: QueuedChange) => Promise<SendOutcome>,
): Promise<{ sent: number; refused: number; stoppedLists: string[] }> {
  const db = await offlineDatabase();
  const stopped = new Set<string>();
  let sent = 0;
  let refused = 0;
  for (const entry of await queued(user)) {
    if (stopped.has(entry.listId)) continue;
    if (entry.refused !== undefined) {
      stopped.add(entry.listId);
      continue;
    }
    const outcome = await send(entry);
    if ("unreachable" in outcome) break;
    if ("refused" in outcome) {
      await db.put(QUEUE, { ...entry, refused: outcome.refused });
      stopped.add(entry.listId);
      refused++;
      continue;
    }
    await db.delete(QUEUE, entry.seq);
    sent++;
  }
  return { sent, refused, stoppedLists: [...stopped] };
}

/** The clerk has seen a refused list's changes: they leave the device. */
export async function discardList(user: string, listId: string): Promise<void> {
  const db = await offlineDatabase();
  for (const entry of await queued(user, listId)) await db.delete(QUEUE, entry.seq);
}
