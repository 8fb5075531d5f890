import { CPF_CHECK_MAX_FAILURES, PICKUP_MESSAGES } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_CPF, NOT_AUTHORIZED, OTHER_CUSTOMER_CPF, STRANGER_CPF, pickupsKit } from "../../testing/pickups.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

/**
 * A store saw a masked CPF and could try CPFs one after another, on the counter's
 * check and on 'Confirmar retirada', until one matched. Each pickup now takes at most ten wrong ones
 * from stores over both routes; then its CPF check waits for an administrator, who unlocks it with an
 * audit line.
 */
const t = useTestApp();

let invoice: string;
const { createPickup, update, getById } = pickupsKit(t, () => ({ pickupStoreName: "", invoiceFileName: invoice }));

beforeAll(async () => {
  invoice = await t.uploadInvoice();
});

function check(id: string, withdrawalCPF: string, token: string) {
  return t.app.inject({ method: "POST", url: `/api/pickup/check-withdrawal/${id}`, headers: bearer(token), payload: { withdrawalCPF } });
}

const confirm = (id: string, withdrawalCPF: string, token: string) => update(id, { pickupStatus: "Pedido retirado", withdrawalCPF }, token);

function unlock(id: string, token: string) {
  return t.app.inject({ method: "POST", url: `/api/pickup/unlock-cpf/${id}`, headers: bearer(token) });
}

let trackings = 0;

/** A store with a pickup that waits in it. */
async function guesser(name: string) {
  const store = await t.createStore(name);
  const trackingCode = `TR${String(++trackings).padStart(4, "0")}`;
  const pickup = await createPickup({ pickupStoreName: store.username, pickupType: "Disponível na loja", trackingCode });
  return { store, pickup };
}

describe("a store's wrong CPFs on one pickup", () => {
  it("stop at ten, over the check and the confirmation together, even for the right CPF, until an administrator unlocks it", async () => {
    const { store, pickup } = await guesser("Loja Palpite");
    for (let i = 0; i < 6; i++) {
      const res = await check(pickup.id, i % 2 ? STRANGER_CPF : OTHER_CUSTOMER_CPF, store.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().authorized).toBe(false);
    }
    for (let i = 0; i < 4; i++) {
      const res = await confirm(pickup.id, STRANGER_CPF, store.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: NOT_AUTHORIZED });
    }
    expect((await getById(pickup.id, store.token)).json().pickup.cpfCheckLocked).toBe(true);

    const blockedCheck = await check(pickup.id, CUSTOMER_CPF, store.token);
    expect(blockedCheck.statusCode).toBe(403);
    expect(blockedCheck.json()).toEqual({ error: "Tentativas esgotadas. Peça a um administrador para liberar." });
    const blockedConfirm = await confirm(pickup.id, CUSTOMER_CPF, store.token);
    expect(blockedConfirm.statusCode).toBe(403);
    expect(blockedConfirm.json()).toEqual({ error: PICKUP_MESSAGES.cpfCheckLocked });
    expect((await getById(pickup.id, t.adminToken)).json().pickup).toMatchObject({ pickupStatus: "Aguardando retirada", cpfCheckLocked: true });
    // An administrator reads the CPF whole: the check still answers them.
    expect((await check(pickup.id, CUSTOMER_CPF, t.adminToken)).json().authorized).toBe(true);

    expect((await unlock(pickup.id, store.token)).statusCode).toBe(403);
    const unlocked = await unlock(pickup.id, t.adminToken);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ message: "Conferência de CPF liberada com sucesso!", pickup: { id: pickup.id, cpfCheckLocked: false } });
    const again = await unlock(pickup.id, t.adminToken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: PICKUP_MESSAGES.cpfCheckNotLocked });

    const { entries } = (await t.app.inject({ method: "GET", url: `/api/audit/pickup/${pickup.id}`, headers: bearer(t.adminToken) })).json();
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: "unlock-cpf",
        actor: expect.objectContaining({ role: "Administrador" }),
        changes: { cpfCheckFailures: { from: CPF_CHECK_MAX_FAILURES, to: 0 } },
      }),
    );

    expect((await check(pickup.id, CUSTOMER_CPF, store.token)).json()).toMatchObject({ authorized: true, name: "Maria da Silva" });
    const collected = await confirm(pickup.id, CUSTOMER_CPF, store.token);
    expect(collected.statusCode).toBe(200);
    expect(collected.json().pickup.pickupStatus).toBe("Pedido retirado");
  });

  it("are counted one after the other when sent at once: none is compared past the cap", async () => {
    const { store, pickup } = await guesser("Loja Rajada");
    const guesses = Array.from({ length: 24 }, (_, i) => (i === 23 ? CUSTOMER_CPF : i % 2 ? STRANGER_CPF : OTHER_CUSTOMER_CPF));
    const answers = await Promise.all(guesses.map((cpf, i) => (i % 3 ? check(pickup.id, cpf, store.token) : confirm(pickup.id, cpf, store.token))));
    const compared = answers.filter((res) => res.json().error !== PICKUP_MESSAGES.cpfCheckLocked);
    // Ten wrong ones were compared; the right one only if it came before the tenth.
    expect(compared.length).toBeLessThanOrEqual(CPF_CHECK_MAX_FAILURES + 1);
    expect(answers.length - compared.length).toBeGreaterThanOrEqual(guesses.length - CPF_CHECK_MAX_FAILURES - 1);
  });

  it("leave typos that no CPF has (wrong check digits) out of the count", async () => {
    const { store, pickup } = await guesser("Loja Distraída");
    for (let i = 0; i < 15; i++) expect((await check(pickup.id, `529.982.247-${String(i).padStart(2, "0")}`, store.token)).statusCode).toBe(200);
    expect((await check(pickup.id, CUSTOMER_CPF, store.token)).json().authorized).toBe(true);
  });

  it("are a store's only: an administrator's are neither counted nor blocked", async () => {
    const { pickup } = await guesser("Loja Conferida");
    for (let i = 0; i < CPF_CHECK_MAX_FAILURES + 2; i++) expect((await check(pickup.id, STRANGER_CPF, t.adminToken)).json().authorized).toBe(false);
    expect((await getById(pickup.id, t.adminToken)).json().pickup.cpfCheckLocked).toBe(false);
    expect((await unlock(pickup.id, t.adminToken)).statusCode).toBe(409);
  });
});
