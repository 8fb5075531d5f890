import { describe, expect, it } from "vitest";
import { applyPickupMove, pickupMove, requestedPickupEdit } from "./pickup-move.js";
import { editPickup, toPickupStoreView, type Pickup, type PickupUpdateInput } from "./pickup.js";
import { ADMIN, STORE } from "./roles.js";
import { aPickup, refusal, sentBack } from "./testing/records.js";

const now = new Date("2025-03-11T10:00:00.000Z");
const CUSTOMER_CPF = "52998224725";

const inTransit = aPickup();
const awaiting: Pickup = { ...inTransit, pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: new Date("2025-03-10T15:00:00.000Z") };
const pickedUp: Pickup = { ...awaiting, pickupStatus: "Pedido retirado", actualPickupDate: now };

describe("a store at its counter", () => {
  const shown = toPickupStoreView(inTransit);

  it("confirms the receipt by sending the masked record back as Aguardando retirada", () => {
    const body = sentBack<PickupUpdateInput>(shown, { pickupStatus: "Aguardando retirada" });
    expect(pickupMove(inTransit, inTransit, body, STORE)).toBe("receipt");
    expect(applyPickupMove(inTransit, "receipt", body, now, "Loja Centro")).toMatchObject({ pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: now });
  });

  it("confirms the pickup with the CPF typed at the counter, and needs it", () => {
    const body = sentBack<PickupUpdateInput>(toPickupStoreView(awaiting), { pickupStatus: "Pedido retirado", withdrawalCPF: "529.982.247-25" });
    expect(pickupMove(awaiting, awaiting, body, STORE)).toBe("pickup");
    expect(applyPickupMove(awaiting, "pickup", body, now, "Loja Centro")).toMatchObject({ pickupStatus: "Pedido retirado", actualPickupDate: now });
    expect(refusal(() => applyPickupMove(awaiting, "pickup", { ...body, withdrawalCPF: "  " }, now, "Loja Centro"))).toEqual({
      message: "Informe o CPF de quem está retirando o pedido.",
      kind: "invalid",
    });
  });

  it("may change nothing else", () => {
    expect(refusal(() => pickupMove(inTransit, inTransit, sentBack<PickupUpdateInput>(shown, { customerPhone: "(41) 98888-7777" }), STORE))).toEqual({
      message: "Uma loja só pode confirmar o recebimento e a retirada dos pedidos.",
      kind: "forbidden",
    });
  });

  it("is told what it already did, or that it asked for nothing", () => {
    expect(refusal(() => pickupMove(awaiting, awaiting, sentBack<PickupUpdateInput>(awaiting), STORE))).toEqual({ message: "O recebimento deste pedido já foi confirmado.", kind: "conflict" });
    expect(refusal(() => pickupMove(pickedUp, pickedUp, sentBack<PickupUpdateInput>(pickedUp), STORE))).toEqual({ message: "A retirada deste pedido já foi confirmada.", kind: "conflict" });
    expect(refusal(() => pickupMove(inTransit, inTransit, sentBack<PickupUpdateInput>(shown), STORE))).toEqual({ message: "Informe o novo status da retirada.", kind: "invalid" });
  });

  it("cannot send an order back on its way", () => {
    expect(refusal(() => pickupMove(awaiting, awaiting, { pickupStatus: "Em trânsito" }, STORE))).toEqual({
      message: 'Não é possível passar a retirada de "Aguardando retirada" para "Em trânsito".',
      kind: "conflict",
    });
  });
});

describe("the administrator's update", () => {
  it("edits the dialog's fields that differ, and asks for no move when the status stays", () => {
    const body = sentBack<PickupUpdateInput>(inTransit, { customerPhone: "(41) 98888-7777" });
    const edit = requestedPickupEdit(inTransit, body);
    expect(edit).toEqual({ customerPhone: "(41) 98888-7777" });
    expect(pickupMove(inTransit, editPickup(inTransit, edit), body, ADMIN)).toBe("none");
    expect(requestedPickupEdit(inTransit, sentBack<PickupUpdateInput>(inTransit))).toEqual({});
  });

  it("refuses a change to a field the dialog does not offer", () => {
    expect(refusal(() => requestedPickupEdit(inTransit, sentBack<PickupUpdateInput>(inTransit, { orderNumber: "PED0000000000002" })))).toEqual({
      message: "O número do pedido não pode ser alterado.",
      kind: "invalid",
    });
  });

  it("reads the status an edit of the type re-derives as no move", () => {
    const body = sentBack<PickupUpdateInput>(inTransit, { pickupType: "Disponível na loja", trackingCode: "AB1234", pickupStatus: "Aguardando retirada" });
    const edited = editPickup(inTransit, requestedPickupEdit(inTransit, body));
    expect(edited.pickupStatus).toBe("Aguardando retirada");
    expect(pickupMove(inTransit, edited, body, ADMIN)).toBe("none");
  });

  it("confirms a pickup again when a withdrawal CPF comes with the collected status", () => {
    expect(pickupMove(pickedUp, pickedUp, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, ADMIN)).toBe("pickup");
  });
});
