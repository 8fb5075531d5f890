import { crc32 } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, uploads } from "../../db/schema/index.js";
import { CUSTOMER_CPF, pickupsKit } from "../../testing/pickups.js";
import { drawnPng, pngDataUrl } from "../../testing/signature.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

let storeA: { username: string; token: string; id: string };
let storeB: { username: string; token: string; id: string };
let invoice: string;

const { createPickup, update, getById } = pickupsKit(t, () => ({ pickupStoreName: storeA.username, invoiceFileName: invoice }));

const REFUSED = { error: "A assinatura deve ser uma imagem PNG de até 200 KB." };
const REQUIRED = { error: "Peça a assinatura do cliente." };

const dataUrl = pngDataUrl;

/** The same PNG with another declared size in its IHDR (and the chunk's CRC made right again): a "PNG bomb". */
function withDeclaredSize(bytes: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(bytes);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

async function waitingPickup(store = storeA) {
  return createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0001", pickupStoreName: store.username });
}

const confirm = (id: string, token: string, extra: Record<string, unknown> = {}) =>
  update(id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF, ...extra }, token);

async function setRequireSignature(userId: string, requireSignature: unknown) {
  return t.app.inject({ method: "PUT", url: `/api/users/update/${userId}`, headers: bearer(t.adminToken), payload: { requireSignature } });
}

async function uploadCount(): Promise<number> {
  return t.database.db.$count(uploads);
}

beforeAll(async () => {
  storeA = await t.createStore("Loja Assinatura");
  storeB = await t.createStore("Loja Outra");
  invoice = await t.uploadInvoice();
});

describe("proof of pickup", () => {
  it("keeps the signature drawn at the counter and serves it as a PNG to the store and the office", async () => {
    const pickup = await waitingPickup();
    const signature = drawnPng();
    const res = await confirm(pickup.id, storeA.token, { signature: dataUrl(signature) });
    expect(res.statusCode, res.body).toBe(200);
    const name = res.json().pickup.signatureFileName;
    expect(name).toMatch(/\.png$/);
    expect((await getById(pickup.id, t.adminToken)).json().pickup.signatureFileName).toBe(name);

    for (const token of [storeA.token, t.adminToken]) {
      const file = await t.app.inject({ method: "GET", url: `/uploads/${name}`, headers: bearer(token) });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      expect(file.rawPayload.equals(signature)).toBe(true);
    }
    // Another store does not see it, nor does anyone without a token.
    expect((await t.app.inject({ method: "GET", url: `/uploads/${name}`, headers: bearer(storeB.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/uploads/${name}` })).statusCode).toBe(401);

    // The audit line says the signature was collected (its file), never its bytes.
    const [line] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, pickup.id), eq(auditLog.action, "confirm-pickup")));
    expect(JSON.stringify(line!.changes)).toContain(name);
    expect(JSON.stringify(line!.changes)).not.toContain(signature.toString("base64").slice(0, 40));
  });

  it("answers a body above the API's limit with 413 and its message", async () => {
    const pickup = await waitingPickup();
    const res = await confirm(pickup.id, storeA.token, { signature: `data:image/png;base64,${"A".repeat(2_000_000)}` });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual(expect.any(String));
    expect((await getById(pickup.id, storeA.token)).json().pickup.pickupStatus).toBe("Aguardando retirada");
  });

  it("confirms without a signature when the store does not require one", async () => {
    const pickup = await waitingPickup();
    const check = await t.app.inject({ method: "POST", url: `/api/pickup/check-withdrawal/${pickup.id}`, headers: bearer(storeA.token), payload: { withdrawalCPF: CUSTOMER_CPF } });
    expect(check.json()).toMatchObject({ authorized: true, signatureRequired: false });
    const res = await confirm(pickup.id, storeA.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pickup).toMatchObject({ pickupStatus: "Pedido retirado", signatureFileName: null });
  });

  it.each([
    ["text that is not base64", "data:image/png;base64,@@@@não é base64@@@@"],
    ["another image type", `data:image/jpeg;base64,${drawnPng().toString("base64")}`],
    ["a data URL holding text", `data:image/png;base64,${Buffer.from("isto não é um PNG").toString("base64")}`],
    ["a PNG cut short", dataUrl(drawnPng().subarray(0, 60))],
    ["a PNG above 200 KB", dataUrl(Buffer.concat([drawnPng(), Buffer.alloc(210 * 1024)]))],
    ["a string longer than any 200 KB PNG", `data:image/png;base64,${"A".repeat(300_000)}`],
    ["a PNG declaring 100000 × 100000 pixels", dataUrl(withDeclaredSize(drawnPng(), 100_000, 100_000))],
    ["a PNG wider than 2000 pixels", dataUrl(drawnPng(2001, 10))],
    ["an empty string", ""],
    ["a number", 12345],
  ])("refuses %s with 400 and writes nothing", async (_label, signature) => {
    const pickup = await waitingPickup();
    const before = await uploadCount();
    const res = await confirm(pickup.id, storeA.token, { signature });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(REFUSED);
    expect((await getById(pickup.id, storeA.token)).json().pickup).toMatchObject({ pickupStatus: "Aguardando retirada", signatureFileName: null });
    expect(await uploadCount()).toBe(before);
  });

  it("asks for the signature when the store requires it, and lets an administrator set that in 'Usuários'", async () => {
    const set = await setRequireSignature(storeA.id, true);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user.requireSignature).toBe(true);
    const users = (await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(t.adminToken) })).json().users;
    expect(users.find((u: { id: string }) => u.id === storeA.id).requireSignature).toBe(true);
    expect(users.find((u: { id: string }) => u.id === storeB.id).requireSignature).toBe(false);
    expect((await setRequireSignature(storeA.id, "sim")).statusCode).toBe(400);
    // A store may not change it itself.
    const own = await t.app.inject({ method: "PUT", url: `/api/users/update/${storeA.id}`, headers: bearer(storeA.token), payload: { requireSignature: false } });
    expect(own.statusCode).toBe(403);

    try {
      const pickup = await waitingPickup();
      // The counter's CPF check tells the store that it must collect the signature.
      const check = await t.app.inject({ method: "POST", url: `/api/pickup/check-withdrawal/${pickup.id}`, headers: bearer(storeA.token), payload: { withdrawalCPF: CUSTOMER_CPF } });
      expect(check.json()).toMatchObject({ authorized: true, signatureRequired: true });
      const refused = await confirm(pickup.id, storeA.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(REQUIRED);
      expect((await getById(pickup.id, storeA.token)).json().pickup.pickupStatus).toBe("Aguardando retirada");

      const signed = await confirm(pickup.id, storeA.token, { signature: dataUrl(drawnPng()) });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().pickup.signatureFileName).toMatch(/\.png$/);

      // Another store's setting is its own.
      const other = await waitingPickup(storeB);
      expect((await confirm(other.id, storeB.token)).statusCode).toBe(200);
    } finally {
      await setRequireSignature(storeA.id, false);
    }
  });

  it("keeps no file when the confirmation it came with is refused", async () => {
    const pickup = await waitingPickup();
    const before = await uploadCount();
    const wrongStore = await confirm(pickup.id, storeB.token, { signature: dataUrl(drawnPng()) });
    expect(wrongStore.statusCode).toBe(404);
    const done = await confirm(pickup.id, storeA.token);
    expect(done.statusCode).toBe(200);
    const again = await confirm(pickup.id, storeA.token, { signature: dataUrl(drawnPng()) });
    expect(again.statusCode).toBe(409);
    expect(await uploadCount()).toBe(before);
    expect((await getById(pickup.id, t.adminToken)).json().pickup.signatureFileName).toBeNull();
  });
});
