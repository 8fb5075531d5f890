import { is, Placeholder, sql } from "drizzle-orm";
import { statementName, type Db } from "../db/client.js";

type Value = string | number | Date;

/**
 * What a query compares with, by name: undefined (no such condition), a value, a list of values (an
 * IN of as many), or a flag (true or false: which form the SQL takes, never a value sent with it).
 */
export type QueryValue = Value | readonly Value[] | boolean | undefined;
type QueryValues = Record<string, QueryValue>;

/**
 * The same names as the query's builder sees them: each value as itself (a query built for one
 * request) or as a placeholder of the same name (a prepared one); flags as they are.
 */
export type Bound<V extends Record<keyof V, QueryValue>> = {
  [K in keyof V]: NonNullable<V[K]> extends boolean
    ? V[K]
    : NonNullable<V[K]> extends readonly (infer E)[]
      ? (E | Placeholder)[] | Extract<V[K], undefined>
      : V[K] | Placeholder;
};

interface Preparable {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown> };
}

type Result<B extends Preparable> = Awaited<ReturnType<ReturnType<B["prepare"]>["execute"]>>;

/** The shapes one query keeps per database at most (filters × status counts: a few dozen in use). */
const MAX_SHAPES = 500;

/** The query's shape: which values are there, how many of a list, and the flags. Its SQL text depends on nothing else. */
function shapeOf(values: QueryValues): string {
  let shape = "";
  for (const name in values) {
    const value = values[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) shape += `${name}[${value.length}],`;
    else if (typeof value === "boolean") shape += `${name}=${value},`;
    else shape += `${name},`;
  }
  return shape;
}

function placeholders<V extends Record<keyof V, QueryValue>>(values: V): Bound<V> {
  const bound: Record<string, unknown> = {};
  for (const name in values) {
    const value: QueryValue = values[name];
    if (value === undefined || typeof value === "boolean") bound[name] = value;
    else if (Array.isArray(value)) bound[name] = value.map((_, i) => sql.placeholder(`${name}.${i}`));
    else bound[name] = sql.placeholder(name);
  }
  return bound as Bound<V>;
}

// As the columns send them: a placeholder's value skips the column's own encoding.
const driverValue = (value: Value) => (value instanceof Date ? value.toISOString() : value);

function placeholderValues(values: QueryValues): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const name in values) {
    const value = values[name];
    if (value === undefined || typeof value === "boolean") continue;
    if (Array.isArray(value)) value.forEach((item: Value, i) => (filled[`${name}.${i}`] = driverValue(item)));
    else filled[name] = driverValue(value as Value);
  }
  return filled;
}

/**
 * A query whose SQL is built (Drizzle's builder, then its text) once per database and shape, and
 * prepared: each request then only sends its values. Building it cost more of the API's CPU than
 * anything else on a list's read (the statement's text rendered from Drizzle's tree every time).
 *
 * `build` makes the query from its values, each either itself or its placeholder (`Bound`): it must
 * not branch on a value, only on whether it is there and on the flags, which is what the shape is
 * made of. A value that does not go through `values` (a constant written in the query is fine, a
 * value computed from the request is not) would be baked into the statement for every later request:
 * a prepared query whose statement carries any value of its own is refused when it is first built.
 * `build(db, values)` with the values themselves is the same query, built for one request.
 */
export function preparedQuery<V extends Record<keyof V, QueryValue>, B extends Preparable>(build: (db: Db, values: Bound<V>) => B) {
  const perDatabase = new WeakMap<Db, Map<string, ReturnType<B["prepare"]>>>();
  return async (db: Db, values: V): Promise<Result<B>> => {
    let shapes = perDatabase.get(db);
    if (!shapes) perDatabase.set(db, (shapes = new Map()));
    const shape = shapeOf(values as QueryValues);
    let query = shapes.get(shape);
    if (!query) {
      const builder = build(db, placeholders(values));
      const { sql: text, params } = builder.toSQL();
      if (params.some((param) => !is(param, Placeholder))) {
        throw new Error(`A prepared query carries a value that is not one of its placeholders: ${text}`);
      }
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      query = builder.prepare(statementName(text)) as ReturnType<B["prepare"]>;
      shapes.set(shape, query);
    }
    return (await query.execute(placeholderValues(values as QueryValues))) as Result<B>;
  };
}
