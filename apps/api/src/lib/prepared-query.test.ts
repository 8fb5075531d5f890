import { STORE } from "@passo/domain";
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../db/schema/index.js";
import { useTestApp } from "../testing/test-app.js";
import { preparedQuery, type Bound } from "./prepared-query.js";

const t = useTestApp();

type UserFilter = { names?: readonly string[] | undefined; role?: string | undefined; since?: Date | undefined; byName: boolean };

const usersNamed = preparedQuery((db, f: Bound<UserFilter>) =>
  db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        f.names === undefined ? undefined : inArray(users.username, f.names),
        f.role === undefined ? undefined : eq(users.role, f.role),
        f.since === undefined ? undefined : gte(users.createdAt, f.since),
      ),
    )
    .orderBy(f.byName ? asc(users.username) : asc(users.id)),
);

describe("a prepared query", () => {
  it("sends each request's own values with the statement of its shape", async () => {
    const a = await t.createStore("Loja Preparada A");
    const b = await t.createStore("Loja Preparada B");
    const db = t.database.db;
    const names = async (filter: UserFilter) => (await usersNamed(db, filter)).map((row) => row.username);
    // One shape, two values: the second request is not answered with the first one's.
    expect(await names({ names: [a.username], byName: true })).toEqual([a.username]);
    expect(await names({ names: [b.username], byName: true })).toEqual([b.username]);
    // A list of two is a shape of its own; so is a value more, and it narrows.
    expect(await names({ names: [b.username, a.username], byName: true })).toEqual([a.username, b.username]);
    expect(await names({ names: [a.username], role: STORE, byName: true })).toEqual([a.username]);
    expect(await names({ names: [a.username], role: "Administrador", byName: true })).toEqual([]);
    // A date goes as its instant.
    expect(await names({ names: [a.username], since: new Date(Date.now() + 60_000), byName: true })).toEqual([]);
    expect(await names({ names: [a.username], since: new Date(Date.now() - 60_000), byName: false })).toEqual([a.username]);
  });

  it("refuses a statement that carries a value of its own, which every later request would get", async () => {
    const baked = preparedQuery((db, f: Bound<{ role: string }>) =>
      db.select({ username: users.username }).from(users).where(and(eq(users.role, f.role), eq(users.username, "Loja Preparada A"))),
    );
    await expect(baked(t.database.db, { role: STORE })).rejects.toThrow(/not one of its placeholders/);
  });
});
