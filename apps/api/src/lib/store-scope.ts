import { ADMIN, STORE, SUPERVISOR, type User } from "@passo/domain";
import { and, asc, eq, inArray, or, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { recipients, storeRules, users } from "../db/schema/index.js";

/**
 * Whose records a signed-in user reads: every store's (null: an administrator, an API key), or the
 * listed stores' (a store: itself; a Supervisor: the stores it supervises). Every read of a
 * store-owned record (lists, pickups, returns, their files, exports, metrics, live updates) asks
 * `readableStores`; nothing else decides it.
 */
export type StoreScope = readonly string[] | null;

/**
 * The stores a Supervisor supervises: those whose notification rule names, as supervisor, manager
 * or assistant manager, a recipient whose e-mail is the Supervisor's (issue 31; docs/api.md
 * "Supervisor"). Read anew for every request and every batch of live events: a rule, recipient or
 * user changed or removed takes the store away at once, in every process.
 */
export async function supervisedStores(db: Db, email: string): Promise<string[]> {
  const named = or(
    eq(sql`lower(${recipients.username})`, sql`lower(${storeRules.supervisor})`),
    eq(sql`lower(${recipients.username})`, sql`lower(${storeRules.manager})`),
    eq(sql`lower(${recipients.username})`, sql`lower(${storeRules.assistantManager})`),
  );
  const rows = await db
    .selectDistinct({ store: storeRules.store })
    .from(storeRules)
    .innerJoin(recipients, named)
    // A rule may outlive nothing: its store is a store user (deleting the user deletes the rule).
    .innerJoin(users, and(eq(users.username, storeRules.store), eq(users.role, STORE)))
    .where(eq(sql`lower(${recipients.email})`, email.toLowerCase()))
    .orderBy(asc(storeRules.store));
  return rows.map((r) => r.store);
}

/** Who reads: a signed-in user (the metrics' callers name only its role and username). */
export type Reader = Pick<User, "role" | "username">;

/** A Supervisor's stores, read once per request by the auth hook (lib/auth.ts) for the user object it sets. */
const supervised = new WeakMap<Reader, readonly string[]>();

/** Reads and keeps the stores of a signed-in Supervisor for this request's user object; other roles need nothing read. */
export async function attachStoreScope(db: Db, user: User): Promise<void> {
  if (user.role === SUPERVISOR) supervised.set(user, await supervisedStores(db, user.email));
}

/** The stores whose records `actor` reads (see StoreScope). A Supervisor whose stores were not read sees none. */
export function readableStores(actor: Reader): StoreScope {
  if (actor.role === ADMIN) return null;
  if (actor.role === SUPERVISOR) return supervised.get(actor) ?? [];
  return [actor.username];
}

/** Whether `actor` reads the records of `store` (null: a record of no store, which only an administrator reads). */
export function readsStore(actor: Reader, store: string | null | undefined): boolean {
  const scope = readableStores(actor);
  return scope === null || (store != null && scope.includes(store));
}

/**
 * The stores a filter (`store`, undefined for all) selects for `actor`: null for every store (an
 * administrator without `store`), else a list. A Supervisor's filter picks among its stores, and one
 * outside them selects nothing. A store is shown itself whatever it asks, as the pickups, returns and
 * metrics have always done; `strict` (the lists' history) makes another store's name select nothing.
 */
export function storesSelected(actor: Reader, store: string | undefined, strict = false): string[] | null {
  const scope = readableStores(actor);
  if (scope === null) return store ? [store] : null;
  if (actor.role === STORE && !strict) return [...scope];
  return store ? scope.filter((name) => name === store) : [...scope];
}

/**
 * The scope as a cache's key: the same answer for every administrator, a store's and a Supervisor's
 * their own. The role is part of it: a store and the Supervisor of that one store read the same
 * stores, but a filter naming another store selects the store itself for the first, nothing for the
 * second (storesSelected).
 */
export const scopeKey = (actor: Reader) => {
  const scope = readableStores(actor);
  return scope === null ? ADMIN : `${actor.role}:${JSON.stringify(scope)}`;
};

/** The condition "the record's store is one the scope reads": none for every store, false for no store. */
export function ofStores(column: Column, scope: readonly (string | Placeholder)[] | null | undefined): SQL | undefined {
  if (scope === undefined) return undefined;
  if (scope === null) return undefined;
  return scope.length === 0 ? sql`false` : inArray(column, [...scope]);
}
