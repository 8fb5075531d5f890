import { completeCpf, formatCpf } from "@passo/domain";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { returns } from "../db/schema/index.js";
import { bearer, type TestContext } from "./test-app.js";

export const DAY = 24 * 60 * 60 * 1000;

/** The returns tests' requests and records, on one test file's app. */
export function returnsKit(t: TestContext) {
  let counter = 0;

  /** A valid CPF, different on every call, formatted as a person types it. */
  function newCpf(): string {
    return formatCpf(completeCpf(String(123456000 + ++counter * 7919).padStart(9, "0").slice(-9)));
  }
  const digits = (cpf: string) => cpf.replace(/\D/g, "");
  const masked = (cpf: string) => `***.***.${digits(cpf).slice(6, 9)}-${digits(cpf).slice(9)}`;
  const newOrderNumber = () => `PED${String(++counter).padStart(13, "0")}`;

  function form(overrides: Record<string, unknown> = {}) {
    return {
      orderNumber: newOrderNumber(),
      customerFullName: "Maria da Silva",
      customerCPF: newCpf(),
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      returnItems: ["TENIS RUNNER 42 123456-7X"],
      ...overrides,
    };
  }

  const get = (url: string, token?: string) => t.app.inject({ method: "GET", url: `/api${url}`, headers: token ? bearer(token) : {} });
  const put = (id: string, token: string | undefined, payload: unknown) =>
    t.app.inject({ method: "PUT", url: `/api/return/update/${id}`, headers: token ? bearer(token) : {}, payload: payload as object });
  const del = (id: string, token?: string) => t.app.inject({ method: "DELETE", url: `/api/return/delete/${id}`, headers: token ? bearer(token) : {} });
  const post = (payload: unknown, token?: string) =>
    t.app.inject({ method: "POST", url: "/api/return/create", headers: token ? bearer(token) : {}, payload: payload as object });

  async function createReturn(overrides: Record<string, unknown> = {}) {
    const res = await post(form(overrides), t.adminToken);
    expect(res.statusCode).toBe(201);
    return res.json().return as Record<string, unknown> & { id: string; customerCPF: string; orderNumber: string };
  }

  /** A return in any state, written straight to the database as the flows would have left it. */
  async function storedReturn(fields: Partial<typeof returns.$inferInsert> = {}) {
    const values = form();
    const [row] = await t.database.db
      .insert(returns)
      .values({ ...values, customerCPF: digits(values.customerCPF), ...fields })
      .returning();
    return row!;
  }

  const backdate = (id: string, dateOfCreation: Date) => t.database.db.update(returns).set({ dateOfCreation }).where(eq(returns.id, id));

  async function search(token: string, term: string, extra = "") {
    const res = await get(`/return/get?search=${encodeURIComponent(term)}${extra}`, token);
    expect(res.statusCode).toBe(200);
    return res.json().returns as { id: string; [k: string]: unknown }[];
  }

  return { newCpf, digits, masked, newOrderNumber, form, get, put, del, post, createReturn, storedReturn, backdate, search };
}
