import { DATE_MESSAGES, LIST_PAGE_SIZE_MAX } from "@passo/domain";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../db/client.js";

/** The repeatable `status` filter: one value, many, or `all` (no filter). */
export function statusFilter<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z
    .preprocess(
      (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
      z.array(z.union([z.enum(statuses), z.literal("all")], { error: "Status inválido." })).max(10, "Status inválido.").optional(),
    )
    .transform((list) => (!list || list.length === 0 || list.includes("all") ? undefined : (list as S[number][])));
}

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v === "" || v === "all" ? undefined : v));

/** Query filters shared by the three flows' lists. */
export const listFilters = {
  store: optionalText(80, "Loja inválida."),
  from: optionalText(40, DATE_MESSAGES.invalidDay),
  to: optionalText(40, DATE_MESSAGES.invalidDay),
  search: optionalText(40, "Pesquisa inválida."),
  page: z.coerce.number({ error: "Página inválida." }).int("Página inválida.").min(1, "Página inválida.").max(1_000_000, "Página inválida.").optional(),
  pageSize: z.coerce
    .number({ error: "Tamanho de página inválido." })
    .int("Tamanho de página inválido.")
    .min(1, "Tamanho de página inválido.")
    .max(LIST_PAGE_SIZE_MAX, "Tamanho de página inválido.")
    .optional(),
};

export interface Paging {
  /** 1-based. */
  page: number;
  limit: number;
  offset: number;
}

/** The query of a flow's list (`listFilters` plus its status filter), pickups and returns alike. */
export interface FlowListQuery<Status extends string> {
  status?: Status[] | undefined;
  store?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** A page when both or either of page/pageSize are given (pageSize defaults to 8, the screens' default). */
export function paging(q: { page?: number | undefined; pageSize?: number | undefined }): Paging | undefined {
  if (q.page === undefined && q.pageSize === undefined) return undefined;
  const size = q.pageSize ?? 8;
  const page = q.page ?? 1;
  return { page, limit: size, offset: (page - 1) * size };
}

/**
 * A page's window as a prepared list query takes it (lib/prepared-query.ts), with no offset on the
 * first page: PostgreSQL cannot plan an `offset $n` once for any value, so a statement with one is
 * planned again on every execution (measured: 12 custom plans in 12 runs, against a generic plan
 * from the sixth without it), twice the database's CPU for a store's pending pickups. The builders
 * write `.offset(f.offset ?? 0)`: Drizzle leaves an offset of 0 out.
 */
export type PageValues = { limit: number; offset: number | undefined };

export const pageValues = (page: Paging): PageValues => ({ limit: page.limit, offset: page.offset > 0 ? page.offset : undefined });

/** What a list answer adds when a page was asked for (see `pageFields`): the total and the page's place. */
export function pageFigures(window: Paging | undefined, total: number | undefined): { total?: number; page?: number; pageSize?: number } {
  if (!window || total === undefined) return {};
  return { total, page: window.page, pageSize: window.limit };
}

/** `?search=` is a full CPF (with or without punctuation) or an order number. */
export function parseSearch(search: string | undefined): { cpf?: string; orderNumber?: string } | undefined {
  if (!search) return undefined;
  const digits = search.replace(/[.\-\s]/g, "");
  if (/^\d{11}$/.test(digits)) return { cpf: digits };
  return { orderNumber: search.trim() };
}

/** `%` and `_` typed in a search are letters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column DESC NULLS LAST`, the order of the lists' indexes: the dates are NOT NULL, but a plain DESC
 * means NULLS FIRST, which an index built DESC NULLS LAST cannot give, and PostgreSQL then reads every
 * matching row and sorts them to return a page.
 */
export function newestFirst(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}

/**
 * A list's columns as its select takes them: each text array sent by PostgreSQL as JSON, which
 * node-postgres parses natively, instead of as an array literal, which it parses in JavaScript a
 * character at a time (6 µs for a list of six items against 0.4 µs: most of a page's row parsing).
 * The rows read the same: each array a string[].
 */
export function listColumns<C extends Record<string, AnyColumn>>(columns: C): C {
  const selected: Record<string, AnyColumn | SQL> = {};
  for (const [name, column] of Object.entries(columns)) {
    selected[name] = column.columnType === "PgArray" ? sql`array_to_json(${column})` : column;
  }
  // An SQL field reads as its type argument, a column as its data: the select's rows are typed alike.
  return selected as unknown as C;
}

/**
 * The number of `table` rows matching `where`, as a column to select beside a page's: PostgreSQL runs
 * the scalar subquery once, and the page and its total come back in one round trip instead of two.
 * A page past the end has no row to carry it: `totalOf` then asks for it alone.
 */
export function totalColumn(table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from ${table} where ${where ?? sql`true`})`;
}

/** The total read beside a page (`totalColumn`), or counted apart when the page came back empty past the first. */
export async function totalOf(rows: readonly { total: number }[], page: Paging, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return page.offset === 0 ? 0 : count();
}

/** The number of `table` rows matching `where`, counted alone (a page past the end: `totalOf`). */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.total ?? 0;
}
