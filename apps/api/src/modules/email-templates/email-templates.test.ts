import { AUTOMATIC_TEMPLATES, TEMPLATE_TITLES, TEMPLATE_TYPES } from "@passo/domain";
import { describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

interface Template {
  id: string;
  type: string;
  title: string;
  description: string;
  content: string;
}

async function templates(): Promise<Template[]> {
  const res = await t.app.inject({ method: "GET", url: "/api/template-email/get", headers: bearer(t.adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json().templateEmails;
}

const find = (list: Template[], type: string, title: string) => list.find((x) => x.type === type && x.title === title)!;

function update(id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: "PUT", url: `/api/template-email/update/${id}`, headers: bearer(t.adminToken), payload });
}

describe("e-mail templates", () => {
  it("exist from the first start, one per type and title and the automatic ones, ordered by title then type", async () => {
    const list = await templates();
    expect(list).toHaveLength(15);
    for (const title of TEMPLATE_TITLES) for (const type of TEMPLATE_TYPES) expect(find(list, type, title)).toBeDefined();
    for (const { type, title } of AUTOMATIC_TEMPLATES) expect(find(list, type, title)).toBeDefined();
    expect(list.map((x) => `${x.title}/${x.type}`).slice(0, 4)).toEqual([
      "Devolução em loja física/Alerta",
      "Devolução em loja física/Confirmação",
      "Devolução em loja física/Lembrete",
      "Devolução em loja física/Notificação",
    ]);
    expect(list.every((x) => x.description !== "" && x.content.includes("{{companyName}}"))).toBe(true);
  });

  it("are edited: subject and body, trimmed", async () => {
    const alert = find(await templates(), "Alerta", "Lista de separação");
    const res = await update(alert.id, { ...alert, description: "  Loja {{destination}}, inicie a lista ", content: "<p>{{destination}}</p>" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Modelo de e-mail atualizado com sucesso!",
      templateEmail: { ...alert, description: "Loja {{destination}}, inicie a lista", content: "<p>{{destination}}</p>" },
    });
    expect(find(await templates(), "Alerta", "Lista de separação").content).toBe("<p>{{destination}}</p>");
  });

  it("need a subject and a body", async () => {
    const template = find(await templates(), "Lembrete", "Retirada em loja");
    const noSubject = await update(template.id, { ...template, description: " " });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json()).toEqual({ error: "O assunto do e-mail não pode ser vazia." });
    const noBody = await update(template.id, { ...template, content: "" });
    expect(noBody.json()).toEqual({ error: "O conteudo do e-mail não pode ser vazio" });
    const badType = await update(template.id, { ...template, type: "Aviso" });
    expect(badType.json()).toEqual({ error: "Tipo de modelo inválido." });
  });

  it("cannot be moved onto another template's type and title", async () => {
    const template = find(await templates(), "Notificação", "Retirada em loja");
    const res = await update(template.id, { ...template, type: "Alerta" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Já existe um modelo de e-mail do tipo Alerta para Retirada em loja." });
    expect(find(await templates(), "Notificação", "Retirada em loja")).toEqual(template);
  });

  it("cannot be moved onto a type the title has no template of", async () => {
    const template = find(await templates(), "Notificação", "Devolução em loja física");
    const res = await update(template.id, { ...template, type: "Escalonamento" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Não há modelo de e-mail do tipo Escalonamento para Devolução em loja física." });
  });

  it("answer 404 for an unknown id", async () => {
    const res = await update("00000000-0000-4000-8000-000000000000", { description: "x" });
    expect(res.statusCode).toBe(404);
  });

  it("can be restored from the defaults the editor's 'Redefinir' offers", async () => {
    const before = find(await templates(), "Confirmação", "Devolução em loja física");
    await update(before.id, { description: "Editado", content: "<p>Editado</p>" });
    const res = await t.app.inject({ method: "GET", url: "/api/template-email/defaults", headers: bearer(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().templateEmails).toHaveLength(15);
    const shipped = find(res.json().templateEmails, "Confirmação", "Devolução em loja física");
    expect(shipped).toEqual({ type: before.type, title: before.title, description: before.description, content: before.content });
    const restored = await update(before.id, { description: shipped.description, content: shipped.content });
    expect(restored.json().templateEmail).toEqual(before);
  });
});

describe("who may manage e-mail templates", () => {
  const routes = [
    ["GET", "/api/template-email/get"],
    ["GET", "/api/template-email/defaults"],
    ["PUT", "/api/template-email/update/00000000-0000-4000-8000-000000000000"],
  ] as const;

  it("turns a store away with 403 and an anonymous caller with 401", async () => {
    const store = await t.createStore();
    for (const [method, url] of routes) {
      const asStore = await t.app.inject({ method, url, headers: bearer(store.token), payload: method === "GET" ? undefined : {} });
      expect(asStore.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
