import { todayIn } from "@passo/domain";
import { expect } from "vitest";
import { pickups } from "../db/schema/index.js";
import { bearer, type TestContext } from "./test-app.js";

export const CUSTOMER_CPF = "52998224725";
export const THIRD_PARTY_CPF = "11144477735";
export const STRANGER_CPF = "98765432100";
export const OTHER_CUSTOMER_CPF = "12345678909";
export const NOT_AUTHORIZED = "O CPF inserido é inválido ou não pertence ao titular ou a um terceiro autorizado.";

export const withThirdParty = { authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: "João Souza", authorizedThirdPartyCPF: "111.444.777-35" };

/** The pickups tests' requests, on one test file's app; `defaults` names the store and invoice a new pickup gets. */
export function pickupsKit(t: TestContext, defaults: () => { pickupStoreName: string; invoiceFileName: string }) {
  let orderCounter = 0;

  function nextOrderNumber() {
    return `PED${String(++orderCounter).padStart(13, "0")}`;
  }

  function form(overrides: Record<string, unknown> = {}) {
    const { pickupStoreName, invoiceFileName } = defaults();
    return {
      pickupStoreName,
      scheduledPickupDate: todayIn(t.config.timezone),
      pickupType: "Envio realizado via Correios",
      orderNumber: nextOrderNumber(),
      trackingCode: "AA123456789BR",
      invoiceFileName,
      customerFullName: "Maria da Silva",
      customerCPF: "529.982.247-25",
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      authorizedThirdPartyPickup: false,
      orderItems: ["TENIS RUNNER 42 123456-7X"],
      ...overrides,
    };
  }

  function create(payload: unknown, token = t.adminToken) {
    return t.app.inject({ method: "POST", url: "/api/pickup/create", headers: bearer(token), payload: payload as object });
  }

  async function createPickup(overrides: Record<string, unknown> = {}) {
    const res = await create(form(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().pickup;
  }

  function update(id: string, payload: unknown, token: string) {
    return t.app.inject({ method: "PUT", url: `/api/pickup/update/${id}`, headers: bearer(token), payload: payload as object });
  }

  function getById(id: string, token: string) {
    return t.app.inject({ method: "GET", url: `/api/pickup/getId/${id}`, headers: bearer(token) });
  }

  async function list(query: string, token = t.adminToken) {
    const res = await t.app.inject({ method: "GET", url: `/api/pickup/get${query}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  /** A store's confirmation of receipt, sending back its own view of the record as the spec's client does. */
  async function confirmReceiptAs(token: string, id: string) {
    const view = (await getById(id, token)).json().pickup;
    return update(id, { ...view, pickupStatus: "Aguardando retirada" }, token);
  }

  return { nextOrderNumber, form, create, createPickup, update, getById, list, confirmReceiptAs };
}

/**
 * A pickup row written straight into the database, for the figures' tests that need many of them in
 * given states and dates (the flows themselves are tested through the API): Maria da Silva's order,
 * at `store`, with `fields` over the defaults.
 */
export async function insertPickupRow(t: TestContext, store: string, fields: Partial<typeof pickups.$inferInsert> & Pick<typeof pickups.$inferInsert, "pickupStatus">) {
  await t.database.db.insert(pickups).values({
    pickupStoreName: store,
    scheduledPickupDate: new Date(),
    pickupType: "Envio realizado via Correios",
    orderNumber: "PED0000000000001",
    trackingCode: "AA123456789BR",
    invoiceFileName: "nota.pdf",
    customerFullName: "Maria da Silva",
    customerCPF: CUSTOMER_CPF,
    customerPhone: "41999999999",
    customerEmail: "maria@example.com",
    ...fields,
  });
}
