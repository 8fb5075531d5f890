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

async function templates(url = "/api/template-email/get"): Promise<Template[]> {
  const res = await t.app.inject({ method: "GET", url, headers: bearer(t.adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json().templateEmails;
}
const automaticTemplates = () => templates("/api/template-email/automatic/get");

const find = (list: Template[], type: string, title: string) => list.find((x) => x.type === type && x.title === title)!;

function update(id: string, payload: Record<string, unknown>, route = "/api/template-email/update") {
  return t.app.inject({ method: "PUT", url: `${route}/${id}`, headers: bearer(t.adminToken), payload });
}
const updateAutomatic = (id: string, payload: Record<string, unknown>) => update(id, payload, "/api/template-email/automatic/update");

describe("e-mail templates", () => {
  it("exist from the first start: the spec's route answers exactly its twelve, one per type and title, ordered by title then type", async () => {
    const list = await templates();
    expect(list).toHaveLength(12);
    for (const title of TEMPLATE_TITLES) for (const type of TEMPLATE_TYPES) expect(find(list, type, title)).toBeDefined();
    expect(list.every((x) => (TEMPLATE_TYPES as readonly string[]).includes(x.type))).toBe(true);
    expect(list.every((x) => Object.keys(x).join() === "id,type,title,description,content")).toBe(true);
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

  it("cannot be moved onto a type the title has no template of, nor onto an automatic type through the spec's route", async () => {
    const template = find(await templates(), "Notificação", "Devolução em loja física");
    const automatic = await update(template.id, { ...template, type: "Escalonamento" });
    expect(automatic.statusCode).toBe(400);
    expect(automatic.json()).toEqual({ error: "Tipo de modelo inválido." });
    const reminder = find(await automaticTemplates(), "Lembrete automático", "Retirada em loja");
    const res = await updateAutomatic(reminder.id, { title: "Devolução em loja física" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Não há modelo de e-mail do tipo Lembrete automático para Devolução em loja física." });
  });

  it("the automatic ones are served and edited on their own routes, never on the spec's", async () => {
    const list = await automaticTemplates();
    expect(list.map((x) => `${x.title}/${x.type}`).sort()).toEqual(AUTOMATIC_TEMPLATES.map((x) => `${x.title}/${x.type}`).sort());
    const escalation = find(list, "Escalonamento", "Retirada em loja");
    const res = await updateAutomatic(escalation.id, { description: "Pedido {{orderNumber}} parado há {{daysWaiting}} dias" });
    expect(res.statusCode).toBe(200);
    expect(res.json().templateEmail).toEqual({ ...escalation, description: "Pedido {{orderNumber}} parado há {{daysWaiting}} dias" });
    expect(find(await automaticTemplates(), "Escalonamento", "Retirada em loja").description).toBe("Pedido {{orderNumber}} parado há {{daysWaiting}} dias");

    // Each route edits only its own kind: the other kind's id is not found there.
    const viaSpecRoute = await update(escalation.id, { description: "x" });
    expect(viaSpecRoute.statusCode).toBe(404);
    expect(viaSpecRoute.json()).toEqual({ error: "Modelo de e-mail não encontrado." });
    const spec = find(await templates(), "Alerta", "Retirada em loja");
    const viaAutomaticRoute = await updateAutomatic(spec.id, { description: "x" });
    expect(viaAutomaticRoute.statusCode).toBe(404);
    const wrongType = await updateAutomatic(escalation.id, { type: "Alerta" });
    expect(wrongType.json()).toEqual({ error: "Tipo de modelo inválido." });
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
    ["GET", "/api/template-email/automatic/get"],
    ["GET", "/api/template-email/defaults"],
    ["PUT", "/api/template-email/update/00000000-0000-4000-8000-000000000000"],
    ["PUT", "/api/template-email/automatic/update/00000000-0000-4000-8000-000000000000"],
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
