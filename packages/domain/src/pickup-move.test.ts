import { describe, expect, it } from "vitest";
import { applyPickupRequest, pickupConfirmationCpf, readPickupRequest, type StoreLookup } from "./pickup-move.js";
import { toPickupStoreView, type Pickup, type PickupUpdateInput } from "./pickup.js";
import { ADMIN, STORE, type Role } from "./roles.js";
import { aPickup, refusal, sentBack } from "./testing/records.js";

const now = new Date("2025-03-11T10:00:00.000Z");
const CUSTOMER_CPF = "52998224725";

const inTransit = aPickup();
const awaiting: Pickup = { ...inTransit, pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: new Date("2025-03-10T15:00:00.000Z") };
const pickedUp: Pickup = { ...awaiting, pickupStatus: "Pedido retirado", actualPickupDate: now };

/** The registered stores, matched as people type them. */
const stores: StoreLookup = (typed) => ["Loja Centro", "Loja Norte"].find((store) => store.toLowerCase() === typed.toLowerCase());
/** The pickup after the body, read and applied as the API does it. */
const after = (stored: Pickup, body: PickupUpdateInput, role: Role = STORE) => applyPickupRequest(stored, readPickupRequest(stored, body, role, stores), now, "Loja Centro");

describe("a store at its counter", () => {
  const shown = toPickupStoreView(inTransit);

  it("confirms the receipt by sending the masked record back as Aguardando retirada", () => {
    const body = sentBack<PickupUpdateInput>(shown, { pickupStatus: "Aguardando retirada" });
    expect(readPickupRequest(inTransit, body, STORE)).toEqual({ move: "receipt", edit: {}, withdrawalCpf: undefined });
    expect(after(inTransit, body)).toMatchObject({ pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: now });
  });

  it("confirms the pickup with the CPF typed at the counter, and needs it", () => {
    const body = sentBack<PickupUpdateInput>(toPickupStoreView(awaiting), { pickupStatus: "Pedido retirado", withdrawalCPF: " 529.982.247-25 " });
    expect(readPickupRequest(awaiting, body, STORE)).toEqual({ move: "pickup", edit: {}, withdrawalCpf: "529.982.247-25" });
    expect(after(awaiting, body)).toMatchObject({ pickupStatus: "Pedido retirado", actualPickupDate: now, handedOverBy: "Loja Centro" });
    expect(refusal(() => after(awaiting, { ...body, withdrawalCPF: "  " }))).toEqual({ message: "Informe o CPF de quem está retirando o pedido.", kind: "invalid" });
    expect(refusal(() => after(awaiting, { ...body, withdrawalCPF: "987.654.321-00" }))).toEqual({
      message: "O CPF inserido é inválido ou não pertence ao titular ou a um terceiro autorizado.",
      kind: "forbidden",
    });
  });

  it("names the CPF a body types to confirm a pickup, and only then", () => {
    expect(pickupConfirmationCpf({ pickupStatus: "Pedido retirado", withdrawalCPF: " 529.982.247-25 " })).toBe("529.982.247-25");
    expect(pickupConfirmationCpf({ pickupStatus: "Pedido retirado", withdrawalCPF: "  " })).toBeUndefined();
    expect(pickupConfirmationCpf({ pickupStatus: "Aguardando retirada", withdrawalCPF: CUSTOMER_CPF })).toBeUndefined();
    expect(pickupConfirmationCpf({ withdrawalCPF: CUSTOMER_CPF })).toBeUndefined();
  });

  it("may change nothing else", () => {
    expect(refusal(() => readPickupRequest(inTransit, sentBack<PickupUpdateInput>(shown, { customerPhone: "(41) 98888-7777" }), STORE))).toEqual({
      message: "Uma loja só pode confirmar o recebimento e a retirada dos pedidos.",
      kind: "forbidden",
    });
  });

  it("is told what it already did, or that it asked for nothing", () => {
    expect(refusal(() => readPickupRequest(awaiting, sentBack<PickupUpdateInput>(awaiting), STORE))).toEqual({ message: "O recebimento deste pedido já foi confirmado.", kind: "conflict" });
    expect(refusal(() => readPickupRequest(pickedUp, sentBack<PickupUpdateInput>(pickedUp), STORE))).toEqual({ message: "A retirada deste pedido já foi confirmada.", kind: "conflict" });
    expect(refusal(() => readPickupRequest(inTransit, sentBack<PickupUpdateInput>(shown), STORE))).toEqual({ message: "Informe o novo status da retirada.", kind: "invalid" });
  });

  it("cannot send an order back on its way, nor confirm out of turn", () => {
    expect(refusal(() => readPickupRequest(awaiting, { pickupStatus: "Em trânsito" }, STORE))).toEqual({
      message: 'Não é possível passar a retirada de "Aguardando retirada" para "Em trânsito".',
      kind: "conflict",
    });
    expect(refusal(() => after(inTransit, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }))).toEqual({
      message: "Só é possível confirmar a retirada de um pedido aguardando retirada.",
      kind: "conflict",
    });
  });
});

describe("the administrator's update", () => {
  it("edits the dialog's fields that differ, and asks for no move when the status stays", () => {
    const body = sentBack<PickupUpdateInput>(inTransit, { customerPhone: "(41) 98888-7777" });
    expect(readPickupRequest(inTransit, body, ADMIN, stores)).toEqual({ move: "none", edit: { customerPhone: "(41) 98888-7777" }, withdrawalCpf: undefined });
    expect(after(inTransit, body, ADMIN)).toMatchObject({ customerPhone: "(41) 98888-7777", pickupStatus: "Em trânsito" });
    expect(readPickupRequest(inTransit, sentBack<PickupUpdateInput>(inTransit), ADMIN, stores).edit).toEqual({});
    expect(after(inTransit, sentBack<PickupUpdateInput>(inTransit), ADMIN)).toBe(inTransit);
  });

  it("resolves the store typed to a registered one, dropping it when it is the same store", () => {
    expect(readPickupRequest(inTransit, { pickupStoreName: "loja norte" }, ADMIN, stores).edit).toEqual({ pickupStoreName: "Loja Norte" });
    expect(readPickupRequest(inTransit, { pickupStoreName: "LOJA CENTRO" }, ADMIN, stores).edit).toEqual({});
    expect(refusal(() => readPickupRequest(inTransit, { pickupStoreName: "Loja Sul" }, ADMIN, stores))).toEqual({ message: "Selecione a loja de retirada.", kind: "invalid" });
    expect(refusal(() => readPickupRequest(inTransit, { pickupStoreName: "Loja Norte" }, ADMIN))).toEqual({ message: "Selecione a loja de retirada.", kind: "invalid" });
  });

  it("refuses a change to a field the dialog does not offer, before the store is looked up", () => {
    const body = sentBack<PickupUpdateInput>(inTransit, { orderNumber: "PED0000000000002", pickupStoreName: "Loja Sul" });
    expect(refusal(() => readPickupRequest(inTransit, body, ADMIN, stores))).toEqual({ message: "O número do pedido não pode ser alterado.", kind: "invalid" });
  });

  it("refuses an unknown store before the edit's own rules, and edits no collected order", () => {
    expect(refusal(() => readPickupRequest(pickedUp, { pickupStoreName: "Loja Sul", customerPhone: "(41) 98888-7777" }, ADMIN, stores))).toEqual({
      message: "Selecione a loja de retirada.",
      kind: "invalid",
    });
    expect(refusal(() => readPickupRequest(pickedUp, { customerPhone: "(41) 98888-7777" }, ADMIN, stores))).toEqual({
      message: "Uma retirada já concluída não pode ser alterada.",
      kind: "conflict",
    });
  });

  it("reads the status an edit of the type re-derives as no move", () => {
    const body = sentBack<PickupUpdateInput>(inTransit, { pickupType: "Disponível na loja", trackingCode: "AB1234", pickupStatus: "Aguardando retirada" });
    expect(readPickupRequest(inTransit, body, ADMIN, stores).move).toBe("none");
    expect(after(inTransit, body, ADMIN).pickupStatus).toBe("Aguardando retirada");
  });

  it("confirms a pickup again when a withdrawal CPF comes with the collected status", () => {
    expect(readPickupRequest(pickedUp, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, ADMIN).move).toBe("pickup");
  });
});
