import { describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

const valid = { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test", pass: "abcdEFGH12345678" };

async function stored() {
  const res = await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json().serviceNotification as Record<string, unknown>[];
}

function update(id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: "PUT", url: `/api/service-notification/update/${id}`, headers: bearer(t.adminToken), payload });
}

// One story in order: the record starts empty, is filled, then edited without retyping the password.
describe("the notification service", () => {
  it("exists from the first start, empty and without a password", async () => {
    expect(await stored()).toEqual([
      {
        id: expect.any(String),
        host: "",
        port: "587",
        secure: false,
        user: "",
        hasPassword: false,
        passwordUnreadable: false,
        notifyCustomerPickupReady: true,
        notifyCustomerPickupCollected: true,
        notifyCustomerReturn: true,
        emailBodyRetentionDays: 90,
      },
    ]);
  });

  it("needs a password while none is stored", async () => {
    const [record] = await stored();
    const { pass: _pass, ...withoutPass } = valid;
    for (const payload of [withoutPass, { ...valid, pass: "" }]) {
      const res = await update(record!.id as string, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "A senha é obrigatória." });
    }
  });

  it("checks every field with the domain's messages", async () => {
    const [record] = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, host: "" }, "O endereço do servidor é obrigatório."],
      [{ ...valid, host: "mail.passo.test" }, "Host inválido. Ex: smtp.seudominio.com.br"],
      [{ ...valid, port: "1000" }, "O número da porta deve ser entre 1 e 999."],
      [{ ...valid, port: "0" }, "O número da porta deve ser entre 1 e 999."],
      [{ ...valid, port: "" }, "O número da porta deve ser entre 1 e 999."],
      [{ ...valid, user: "" }, "O usuário é obrigatório."],
      [{ ...valid, user: "avisos" }, "E-mail inválido."],
      [{ ...valid, pass: "curta123" }, "A senha deve ter pelo menos 16 caracteres, apenas letras e números."],
      [{ ...valid, pass: "abcdEFGH1234567_" }, "A senha deve ter pelo menos 16 caracteres, apenas letras e números."],
    ];
    for (const [payload, error] of cases) {
      const res = await update(record!.id as string, payload);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error });
    }
  });

  it("is saved and answered without the password", async () => {
    const [record] = await stored();
    const res = await update(record!.id as string, { ...valid, secure: true, port: "465" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Serviço de notificação atualizado com sucesso!",
      serviceNotification: {
        id: record!.id,
        host: "smtp.passo.test",
        port: "465",
        secure: true,
        user: "avisos@passo.test",
        hasPassword: true,
        passwordUnreadable: false,
        notifyCustomerPickupReady: true,
        notifyCustomerPickupCollected: true,
        notifyCustomerReturn: true,
        emailBodyRetentionDays: 90,
      },
    });
    expect(res.body).not.toContain(valid.pass);
    const list = await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) });
    expect(list.body).not.toContain(valid.pass);
    expect(list.json().serviceNotification[0]).not.toHaveProperty("pass");
  });

  it("keeps the stored password when an edit leaves it blank or out", async () => {
    const [record] = await stored();
    const { pass: _pass, ...withoutPass } = valid;
    const res = await update(record!.id as string, { ...withoutPass, host: "smtp.outro.test", pass: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json().serviceNotification).toMatchObject({ host: "smtp.outro.test", hasPassword: true });
    const [row] = await t.database.db.query.mailServer.findMany();
    // Stored sealed under ENCRYPTION_KEY (mail-server-encryption.test.ts), and still the same password.
    expect(row!.pass).toMatch(/^enc:v1:/);
    expect(row!.pass).not.toContain(valid.pass);
  });

  it("switches the customer e-mails off and on, each kept when an edit leaves it out", async () => {
    const [record] = await stored();
    const off = await update(record!.id as string, { ...valid, notifyCustomerPickupReady: false, notifyCustomerReturn: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().serviceNotification).toMatchObject({ notifyCustomerPickupReady: false, notifyCustomerPickupCollected: true, notifyCustomerReturn: false });
    const kept = await update(record!.id as string, valid);
    expect(kept.json().serviceNotification).toMatchObject({ notifyCustomerPickupReady: false, notifyCustomerPickupCollected: true, notifyCustomerReturn: false });
    const on = await update(record!.id as string, { ...valid, notifyCustomerPickupReady: true, notifyCustomerReturn: true });
    expect(on.json().serviceNotification).toMatchObject({ notifyCustomerPickupReady: true, notifyCustomerReturn: true });
    const bad = await update(record!.id as string, { ...valid, notifyCustomerReturn: "sim" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Valor inválido para o aviso de devolução." });
  });

  it("answers 404 for an unknown id", async () => {
    const res = await update("00000000-0000-4000-8000-000000000000", valid);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Serviço de notificação não encontrado." });
  });

  it("turns a store away with 403 and an anonymous caller with 401", async () => {
    const store = await t.createStore();
    const [record] = await stored();
    for (const [method, url] of [
      ["GET", "/api/service-notification/get"],
      ["PUT", `/api/service-notification/update/${record!.id}`],
    ] as const) {
      const payload = method === "PUT" ? valid : undefined;
      const asStore = await t.app.inject({ method, url, headers: bearer(store.token), payload });
      expect(asStore.statusCode, `${method} ${url}`).toBe(403);
      expect(asStore.body).not.toContain(valid.pass);
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
