import { pickupSchema, pickupStoreViewSchema, timestampSchema } from "@passo/domain";
import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseSerializerCompiler } from "./response-serializer.js";

/** A route answering `value` through `schema`, serialized as the app serializes. */
async function answer(schema: z.ZodType, value: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get("/", { schema: { response: { 200: schema } } }, async () => value);
  const res = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return { body: res.body, json: res.json() as unknown, zod: JSON.stringify(z.encode(schema, value)) };
}

const when = new Date("2026-11-24T12:34:56.789Z");
const pickup = {
  id: "7f1c2d5e-1b7a-4c7e-9a51-3f1d2c4b5a60",
  orderOrigin: "E-commerce",
  orderDispatchDate: when,
  pickupStoreName: "Loja Batel",
  scheduledPickupDate: when,
  orderReceivedAtStoreDate: null,
  pickupType: "Envio realizado via Correios",
  orderNumber: "PED0000000000001",
  trackingCode: "AA123456789BR",
  invoiceFileName: "nota.pdf",
  invoiceXmlFileName: null,
  customerFullName: "Maria da Silva",
  customerCPF: "***.***.247-25",
  customerPhone: "(41) 99999-9999",
  customerEmail: "maria@example.com",
  authorizedThirdPartyPickup: false,
  authorizedThirdPartyFullName: null,
  authorizedThirdPartyCPF: null,
  orderItems: ["TENIS RUNNER 42 123456-7X"],
  pickupStatus: "Em trânsito",
  actualPickupDate: null,
  waitingSince: null,
  overdue: false,
  collectedBy: null,
  handedOverBy: null,
  receivedBy: null,
  cpfCheckLocked: false,
  pickupCode: "482913",
  signatureFileName: null,
} as const;

describe("an answer written from its route's schema", () => {
  it("carries dates as ISO strings and nulls as null, byte for byte what zod's encoding gave", async () => {
    const schema = z.object({ at: timestampSchema, done: timestampSchema.nullable(), items: z.array(z.string()), total: z.number().int().optional() });
    const res = await answer(schema, { at: when, done: null, items: ["a", "b"] });
    expect(res.json).toEqual({ at: "2026-11-24T12:34:56.789Z", done: null, items: ["a", "b"] });
    expect(res.body).toBe(res.zod);
  });

  it("leaves out what the schema does not name, such as a customer's phone in a store's view", async () => {
    const res = await answer(z.object({ pickup: pickupStoreViewSchema }), { pickup: { ...pickup, internalNote: "não sai" } });
    expect(res.json).toEqual({ pickup: expect.not.objectContaining({ customerPhone: expect.anything() }) });
    expect(JSON.stringify(res.json)).not.toMatch(/customerEmail|internalNote|99999/);
    expect(res.body).toBe(res.zod);
  });

  it("writes a union by the first branch the value fits, as zod does", async () => {
    const view = z.object({ pickups: z.array(z.union([pickupSchema, pickupStoreViewSchema])) });
    const { customerPhone: _phone, customerEmail: _email, ...storeView } = pickup;
    const res = await answer(view, { pickups: [pickup, storeView] });
    const [admin, store] = (res.json as { pickups: Record<string, unknown>[] }).pickups;
    expect(admin).toMatchObject({ customerPhone: "(41) 99999-9999", orderDispatchDate: "2026-11-24T12:34:56.789Z" });
    expect(store).not.toHaveProperty("customerPhone");
    expect(res.body).toBe(res.zod);
  });
});
