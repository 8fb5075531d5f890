import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import pg from "pg";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/accounts";
import { adminToken, apiLogin, createStore, expect, test } from "./support/fixtures";
import { E2E_DATABASE_URL, POSTGRES_BASE_URL } from "./support/servers";

/** The placeholder password a new account starts with (the create dialog shows it). */
const DEFAULT_PASSWORD = "Passo@2026";

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;
/** An address at the company's domain for a name: 'Loja Usuários x1' → 'loja.usuarios.x1@…'. */
const emailFor = (name: string, domain: string) =>
  `${name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, ".")}@${domain}`;

/** The chain the server runs for: its name is in the e-mail domain message. */
async function company(request: APIRequestContext) {
  const res = await request.get("/api/config");
  const config = (await res.json()) as { companyName: string; companyEmailDomain: string };
  return { name: config.companyName, domain: config.companyEmailDomain };
}

async function authorized(request: APIRequestContext) {
  return { authorization: `Bearer ${await adminToken(request)}` };
}

/** Setup only: a recipient, as 'Gerenciar destinatários' creates one. */
async function createRecipient(request: APIRequestContext, role: string, username = unique(role)) {
  const { domain } = await company(request);
  const email = emailFor(username, domain);
  const res = await request.post("/api/recipients/create", { headers: await authorized(request), data: { username, email, role } });
  expect(res.status(), await res.text()).toBe(201);
  return { username, email };
}

function rowOf(page: Page, table: string, text: string): Locator {
  return page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: text });
}

async function openSettings(page: Page, link: string, heading = link) {
  await page.getByRole("button", { name: "Configurações" }).click();
  await page.getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

async function choose(page: Page, scope: Locator, combobox: string, option: string) {
  await scope.getByRole("combobox", { name: combobox, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("the administrator creates, finds, edits and deletes a store's account", async ({ admin, request }) => {
  const { name: companyName, domain } = await company(request);
  const store = unique("Loja Usuários");
  const email = emailFor(store, domain);

  await openSettings(admin, "Gerenciar usuários");
  await expect(admin.getByRole("columnheader", { name: "Loja" })).toBeVisible();
  await expect(admin.getByRole("columnheader", { name: "Permissões" })).toBeVisible();
  // Administrators cannot delete their own account.
  await admin.getByRole("searchbox", { name: "Pesquisar por loja, e-mail ou permissão" }).fill(ADMIN_EMAIL);
  await expect(rowOf(admin, "Usuários", ADMIN_EMAIL).getByRole("button", { name: /^Excluir usuário/ })).toBeDisabled();

  await admin.getByRole("button", { name: "Novo usuário" }).click();
  const dialog = admin.getByRole("dialog", { name: "Novo usuário" });
  await expect(dialog.getByLabel("Senha", { exact: true })).toHaveValue(DEFAULT_PASSWORD);
  await expect(dialog.getByText(`Senha inicial padrão: ${DEFAULT_PASSWORD}. Você pode alterá-la.`)).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Permissão" })).toHaveText("Usuário básico");
  await dialog.getByLabel("Senha", { exact: true }).fill("curta");
  await dialog.getByRole("button", { name: "Criar usuário" }).click();
  await expect(dialog.getByText("O nome de usuário deve ter pelo menos 2 caracteres.")).toBeVisible();
  await expect(dialog.getByText("Insira o e-mail")).toBeVisible();
  await expect(dialog.getByText("A senha deve ter pelo menos 8 caracteres")).toBeVisible();
  await dialog.getByLabel("Nome de usuário").fill(store);
  await dialog.getByLabel("E-mail").fill("loja@gmail.com");
  await dialog.getByRole("button", { name: "Criar usuário" }).click();
  await expect(dialog.getByText(`O e-mail precisa ser da ${companyName}`)).toBeVisible();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Senha", { exact: true }).fill(DEFAULT_PASSWORD);
  await dialog.getByRole("button", { name: "Criar usuário" }).click();
  await expect(admin.getByText("Usuário criado com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();
  // The store signs in with the placeholder password.
  await apiLogin(request, email, DEFAULT_PASSWORD);

  const search = admin.getByRole("searchbox", { name: "Pesquisar por loja, e-mail ou permissão" });
  await search.fill(store);
  const row = rowOf(admin, "Usuários", store);
  await expect(row).toContainText(email);
  await expect(row.getByText("Usuário básico")).toBeVisible();

  await row.getByRole("button", { name: `Editar usuário ${store}` }).click();
  const edit = admin.getByRole("dialog", { name: "Editar usuário" });
  await expect(edit.getByLabel("Nome de usuário")).toHaveValue(store);
  await expect(edit.getByLabel("Nome de usuário")).not.toBeEditable();
  await expect(edit.getByLabel("Senha", { exact: true })).toHaveValue("");
  await edit.getByLabel("E-mail").fill("");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(edit.getByText("Insira o e-mail")).toBeVisible();
  await edit.getByLabel("E-mail").fill(email);
  await choose(admin, edit, "Permissão", "Administrador");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Usuário atualizado com sucesso!")).toBeVisible();
  await expect(row.getByText("Administrador")).toBeVisible();
  // The password was kept.
  await apiLogin(request, email, DEFAULT_PASSWORD);

  // The search also matches the role.
  await search.fill("Administrador");
  await expect(rowOf(admin, "Usuários", store)).toBeVisible();
  await expect(rowOf(admin, "Usuários", "Usuário básico")).toHaveCount(0);

  await rowOf(admin, "Usuários", store).getByRole("button", { name: `Excluir usuário ${store}` }).click();
  const confirm = admin.getByRole("alertdialog");
  await expect(confirm).toContainText("Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita.");
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(admin.getByText("Usuário excluído com sucesso!")).toBeVisible();
  await expect(rowOf(admin, "Usuários", store)).toHaveCount(0);
});

test("the users list has a rows-per-page choice and page numbers", async ({ admin, request }) => {
  const prefix = unique("Loja Paginada");
  for (let i = 1; i <= 7; i++) await createStore(request, `${prefix} ${i}`);

  await admin.goto("/settings-manage-users");
  await admin.getByRole("searchbox", { name: "Pesquisar por loja, e-mail ou permissão" }).fill(prefix);
  const rows = admin.getByRole("table", { name: "Usuários" }).getByRole("row").filter({ hasText: prefix });
  await expect(rows).toHaveCount(7);
  await choose(admin, admin.locator("body"), "Linhas:", "6");
  await expect(rows).toHaveCount(6);
  await admin.getByRole("button", { name: "Página 2" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${prefix} 7`);
  // A new search starts again from page 1.
  await admin.getByRole("searchbox", { name: "Pesquisar por loja, e-mail ou permissão" }).fill(`${prefix} 1`);
  await expect(rows).toHaveCount(1);
  await expect(admin.getByRole("button", { name: "Página 1" })).toHaveAttribute("aria-current", "page");
});

test("the administrator creates, edits and deletes a recipient", async ({ admin, request }) => {
  const { name: companyName, domain } = await company(request);
  const name = unique("Rita Supervisora");
  const email = `rita.${Date.now().toString(36)}@${domain}`;

  await openSettings(admin, "Gerenciar destinatários");
  for (const header of ["Nome", "E-mail", "Cargo", "Ações"]) {
    await expect(admin.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await expect(admin.getByRole("combobox", { name: "Linhas:" })).toBeVisible();

  await admin.getByRole("button", { name: "Novo destinatário" }).click();
  const dialog = admin.getByRole("dialog", { name: "Novo destinatário" });
  await dialog.getByLabel("Nome").fill("R");
  await dialog.getByRole("button", { name: "Criar destinatário" }).click();
  await expect(dialog.getByText("O nome de usuário deve ter pelo menos 2 caracteres.")).toBeVisible();
  await expect(dialog.getByText("Insira o e-mail")).toBeVisible();
  await expect(dialog.getByText("Por favor, selecione o cargo do usuário.")).toBeVisible();
  await dialog.getByLabel("Nome").fill(name);
  await dialog.getByLabel("E-mail").fill("rita@");
  await dialog.getByRole("button", { name: "Criar destinatário" }).click();
  await expect(dialog.getByText("Por favor, insira um e-mail válido.")).toBeVisible();
  await dialog.getByLabel("E-mail").fill("rita@outra.com");
  await dialog.getByRole("button", { name: "Criar destinatário" }).click();
  await expect(dialog.getByText(`O e-mail precisa ser da ${companyName}`)).toBeVisible();
  await dialog.getByLabel("E-mail").fill(email);
  await choose(admin, dialog, "Cargo", "Supervisor");
  await dialog.getByRole("button", { name: "Criar destinatário" }).click();
  await expect(admin.getByText("Destinatário criado com sucesso!")).toBeVisible();

  const search = admin.getByRole("searchbox", { name: "Pesquisar por nome, e-mail ou cargo" });
  await search.fill(name);
  const row = rowOf(admin, "Destinatários", name);
  await expect(row).toContainText(email);
  await expect(row).toContainText("Supervisor");

  await row.getByRole("button", { name: `Editar destinatário ${name}` }).click();
  const edit = admin.getByRole("dialog", { name: "Editar destinatário" });
  await expect(edit.getByLabel("Nome")).toHaveValue(name);
  await choose(admin, edit, "Cargo", "Gerente");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Destinatário atualizado com sucesso!")).toBeVisible();
  await expect(row).toContainText("Gerente");

  await row.getByRole("button", { name: `Excluir destinatário ${name}` }).click();
  const confirm = admin.getByRole("alertdialog");
  await expect(confirm).toContainText("Tem certeza que deseja excluir este destinatário? Esta ação não pode ser desfeita.");
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(admin.getByText("Destinatário excluído com sucesso!")).toBeVisible();
  await expect(rowOf(admin, "Destinatários", name)).toHaveCount(0);
  await expect(admin.getByText("Nenhum destinatário encontrado.")).toBeVisible();
});

test("the administrator sets who hears about a store, edits and deletes the rule", async ({ admin, request }) => {
  const store = await createStore(request, unique("Loja Avisos"));
  const supervisor = await createRecipient(request, "Supervisor");
  const manager = await createRecipient(request, "Gerente");
  const assistant = await createRecipient(request, "Subgerente");

  await openSettings(admin, "Notificações");
  await admin.getByRole("button", { name: "Nova notificação" }).click();
  const dialog = admin.getByRole("dialog", { name: "Nova notificação" });
  await dialog.getByRole("button", { name: "Criar notificação" }).click();
  await expect(dialog.getByText("Selecione uma Loja")).toBeVisible();
  await expect(dialog.getByText("Selecione um Supervisor")).toBeVisible();
  await expect(dialog.getByText("Selecione um Gerente")).toBeVisible();

  await dialog.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByPlaceholder("Pesquise a loja...").fill(store.username);
  await admin.getByRole("option", { name: store.username, exact: true }).click();
  await dialog.getByRole("combobox", { name: "Supervisor" }).click();
  // Only recipients with the role Supervisor are offered.
  await expect(admin.getByRole("option", { name: manager.username })).toHaveCount(0);
  await admin.getByRole("option", { name: supervisor.username, exact: true }).click();
  await choose(admin, dialog, "Gerente", manager.username);
  await dialog.getByRole("switch", { name: "Retirada em loja" }).click();
  await dialog.getByRole("button", { name: "Criar notificação" }).click();
  await expect(admin.getByText("Notificação criada com sucesso!")).toBeVisible();

  await admin.getByRole("searchbox", { name: "Pesquisar por loja" }).fill(store.username);
  const row = rowOf(admin, "Notificações das lojas", store.username);
  await expect(row).toHaveCount(1);
  const cells = row.getByRole("cell");
  await expect(cells.nth(1)).toHaveText(supervisor.username);
  await expect(cells.nth(2)).toHaveText(manager.username);
  await expect(cells.nth(3)).toHaveText("—");
  await expect(cells.nth(4)).toHaveText("Ativada");
  await expect(cells.nth(5)).toHaveText("Desativada");
  await expect(cells.nth(6)).toHaveText("Ativada");

  await row.getByRole("button", { name: `Editar notificação da loja ${store.username}` }).click();
  const edit = admin.getByRole("dialog", { name: "Editar notificação" });
  await expect(edit.getByRole("combobox", { name: "Loja" })).toHaveText(store.username);
  await choose(admin, edit, "Subgerente (opcional)", assistant.username);
  await edit.getByRole("switch", { name: "Retirada em loja" }).click();
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Notificação atualizada com sucesso!")).toBeVisible();
  await expect(cells.nth(3)).toHaveText(assistant.username);
  await expect(cells.nth(5)).toHaveText("Ativada");

  // A store that has a rule is not offered for a new one.
  await admin.getByRole("button", { name: "Nova notificação" }).click();
  await dialog.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByPlaceholder("Pesquise a loja...").fill(store.username);
  await expect(admin.getByRole("option", { name: store.username })).toHaveCount(0);
  await admin.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  await row.getByRole("button", { name: `Excluir notificação da loja ${store.username}` }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(admin.getByText("Notificação excluída com sucesso!")).toBeVisible();
  await expect(rowOf(admin, "Notificações das lojas", store.username)).toHaveCount(0);
});

test("the template editor previews what is typed, restores the shipped template and saves", async ({ admin }) => {
  await openSettings(admin, "Modelos de e-mail");
  const card = admin.getByRole("listitem").filter({ has: admin.getByRole("button", { name: "Editar modelo Retirada em loja (Notificação)" }) });
  await expect(card).toContainText("Notificação");
  const shippedSubject = "Seu pedido {{orderNumber}} está pronto para retirada";
  const thumbnail = card.locator("iframe");
  await expect(thumbnail).toHaveAttribute("sandbox", "");

  await admin.getByRole("button", { name: "Editar modelo Retirada em loja (Notificação)" }).click();
  const editor = admin.getByRole("dialog", { name: "Editar modelo de e-mail" });
  await expect(editor.getByRole("region", { name: "Exemplo de dados (JSON)" })).toContainText('"orderNumber": "1234567890123456"');
  const preview = editor.getByTitle("Pré-visualização do e-mail");
  await expect(preview).toHaveAttribute("sandbox", "");

  await editor.getByLabel("Assunto").fill("Olá {{customerFullName}}, pedido {{orderNumber}}");
  await expect(editor.getByText("Olá Maria Souza, pedido 1234567890123456")).toBeVisible();
  await editor.getByLabel("Conteúdo (HTML)").fill('<p>Retire na {{pickupStoreName}}</p><p>{{customerFullName}}</p><script>document.body.innerHTML = "executou"</script>');
  await expect(preview.contentFrame().getByText("Retire na Loja Centro")).toBeVisible();
  await expect(preview.contentFrame().getByText("executou")).toHaveCount(0);

  await editor.getByLabel("Assunto").fill("");
  await editor.getByLabel("Conteúdo (HTML)").fill("");
  await editor.getByRole("button", { name: "Salvar" }).click();
  await expect(editor.getByText("O assunto do e-mail não pode ser vazia.")).toBeVisible();
  await expect(editor.getByText("O conteudo do e-mail não pode ser vazio")).toBeVisible();

  await editor.getByLabel("Assunto").fill("Pedido {{orderNumber}} liberado");
  await editor.getByLabel("Conteúdo (HTML)").fill("<p>Pode vir buscar, {{customerFullName}}!</p>");
  await editor.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Modelo de e-mail atualizado com sucesso!")).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(card).toContainText("Pedido {{orderNumber}} liberado");

  // 'Redefinir' puts the shipped template back into the form; 'Salvar' keeps it.
  await admin.getByRole("button", { name: "Editar modelo Retirada em loja (Notificação)" }).click();
  await expect(editor.getByLabel("Assunto")).toHaveValue("Pedido {{orderNumber}} liberado");
  await editor.getByRole("button", { name: "Redefinir" }).click();
  await expect(editor.getByLabel("Assunto")).toHaveValue(shippedSubject);
  await expect(editor.getByLabel("Conteúdo (HTML)")).toHaveValue(/Seu pedido já está disponível para retirada/);
  await expect(editor.getByText("Seu pedido 1234567890123456 está pronto para retirada")).toBeVisible();
  await expect(preview.contentFrame().getByText("Olá, Maria Souza! Seu pedido já está disponível para retirada na loja Loja Centro.")).toBeVisible();
  await editor.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Modelo de e-mail atualizado com sucesso!").first()).toBeVisible();
  await expect(card).toContainText(shippedSubject);
});

test("'Modelos de e-mail' shows the automatic e-mails in their own section, edited there", async ({ admin }) => {
  await openSettings(admin, "Modelos de e-mail");
  const spec = admin.getByRole("list", { name: "Modelos de e-mail" });
  await expect(spec.getByRole("listitem")).toHaveCount(12);
  await expect(spec).not.toContainText("Escalonamento");
  await expect(spec).not.toContainText("Lembrete automático");

  const automatic = admin.getByRole("region", { name: "Modelos automáticos" });
  await expect(automatic.getByRole("heading", { level: 2, name: "Modelos automáticos" })).toBeVisible();
  const cards = automatic.getByRole("list", { name: "Modelos automáticos" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await automatic.getByRole("button", { name: "Editar modelo Retirada em loja (Escalonamento)" }).click();
  const editor = admin.getByRole("dialog", { name: "Editar modelo de e-mail" });
  const subject = `Pedido {{orderNumber}} parado ${Date.now().toString(36)}`;
  await editor.getByLabel("Assunto").fill(subject);
  await editor.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Modelo de e-mail atualizado com sucesso!")).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(cards.filter({ hasText: "Escalonamento" })).toContainText(subject);
});

test("the notification service saves the mail server, never shows the password back and says one is saved", async ({ admin, request }) => {
  const headers = await authorized(request);
  const before = (await (await request.get("/api/service-notification/get", { headers })).json()).serviceNotification[0];

  await openSettings(admin, "Serviço de notificação");
  const form = admin.getByRole("form", { name: "Serviço de notificação" });
  const host = form.getByLabel("Servidor (host)");
  const port = form.getByLabel("Porta");
  const user = form.getByLabel("Usuário");
  const pass = form.getByLabel("Senha", { exact: true });
  const save = form.getByRole("button", { name: "Salvar" });

  await host.fill("");
  await port.fill("");
  await user.fill("");
  await save.click();
  await expect(form.getByText("O endereço do servidor é obrigatório.")).toBeVisible();
  await expect(form.getByText("O número da porta deve ser entre 1 e 999.")).toBeVisible();
  await expect(form.getByText("O usuário é obrigatório.")).toBeVisible();
  if (!before.hasPassword) await expect(form.getByText("A senha é obrigatória.")).toBeVisible();

  await host.fill("mail.exemplo.com.br");
  await port.fill("0");
  await user.fill("avisos");
  await pass.fill("curta");
  await save.click();
  await expect(form.getByText("Host inválido. Ex: smtp.seudominio.com.br")).toBeVisible();
  await expect(form.getByText("O número da porta deve ser entre 1 e 999.")).toBeVisible();
  await expect(form.getByText("E-mail inválido.")).toBeVisible();
  await expect(form.getByText("A senha deve ter pelo menos 16 caracteres, apenas letras e números.")).toBeVisible();

  const password = "SenhaDeApp1234567890";
  await host.fill("smtp.exemplo.com.br");
  await port.fill("587");
  await user.fill("avisos@exemplo.com.br");
  await pass.fill(password);
  await form.getByRole("button", { name: "Mostrar" }).click();
  await expect(pass).toHaveAttribute("type", "text");
  await expect(pass).toHaveValue(password);
  const customerReturn = form.getByRole("switch", { name: "Enviar e-mail ao cliente quando a devolução for recebida ou recusada" });
  const wasOn = (await customerReturn.getAttribute("aria-checked")) === "true";
  await customerReturn.click();
  await save.click();
  await expect(admin.getByText("Serviço de notificação atualizado com sucesso!")).toBeVisible();
  await expect(pass).toHaveValue("");
  await expect(form.getByText(/^Senha salva/)).toBeVisible();

  // After a reload: the settings are there, the password is not.
  await admin.reload();
  await expect(host).toHaveValue("smtp.exemplo.com.br");
  await expect(port).toHaveValue("587");
  await expect(user).toHaveValue("avisos@exemplo.com.br");
  await expect(pass).toHaveValue("");
  await expect(form.getByText(/^Senha salva/)).toBeVisible();
  await expect(customerReturn).toHaveAttribute("aria-checked", wasOn ? "false" : "true");
  const stored = await (await request.get("/api/service-notification/get", { headers })).text();
  expect(stored).not.toContain(password);

  // A blank password keeps the stored one.
  await port.fill("465");
  await form.getByRole("switch", { name: "Conexão segura (SSL/TLS)" }).click();
  await save.click();
  await expect(admin.getByText("Serviço de notificação atualizado com sucesso!").first()).toBeVisible();
  await expect(form.getByText("A senha é obrigatória.")).toHaveCount(0);
  const after = (await (await request.get("/api/service-notification/get", { headers })).json()).serviceNotification[0];
  expect(after).toMatchObject({ port: "465", secure: true, hasPassword: true });

  await expect(admin.getByRole("heading", { level: 2, name: "Fila de e-mails" })).toBeVisible();
  await expect(admin.getByRole("table", { name: "Fila de e-mails" })).toBeVisible();
});

test("a failed e-mail of the queue is sent again with 'Reenviar'", async ({ page }) => {
  // Arranged in the PostgreSQL server's database: an e-mail that failed its last attempt.
  const subject = unique("Pedido com falha");
  const db = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO notification_outbox (event_key, kind, record_id, "to", subject, html, status, attempts, last_error)
       VALUES ($1, 'pickup-ready', $2, $3, $4, '<p>x</p>', 'failed', 8, 'Connection timeout')`,
      [`e2e:${randomUUID()}`, randomUUID(), ["cliente@exemplo.com"], subject],
    );
  } finally {
    await db.end();
  }

  await page.goto(`${POSTGRES_BASE_URL}/login`);
  await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/picklist-process$/);
  await page.goto(`${POSTGRES_BASE_URL}/settings-service-notifications`);

  const queue = page.getByRole("region", { name: "Fila de e-mails" });
  await choose(page, queue, "Status:", "Falhou");
  const row = rowOf(page, "Fila de e-mails", subject);
  await expect(row).toContainText("Cliente: pedido pronto para retirada");
  await expect(row).toContainText("cliente@exemplo.com");
  await expect(row).toContainText("Falhou");
  await expect(row).toContainText("8");
  await expect(row).toContainText("Connection timeout");
  await row.getByRole("button", { name: `Reenviar o e-mail "${subject}"` }).click();
  await expect(page.getByText("Notificação reenfileirada com sucesso!")).toBeVisible();
  await expect(rowOf(page, "Fila de e-mails", subject)).toHaveCount(0);

  await choose(page, queue, "Status:", "Todos");
  await expect(rowOf(page, "Fila de e-mails", subject)).not.toContainText("Falhou");
  await expect(rowOf(page, "Fila de e-mails", subject).getByRole("button", { name: /^Reenviar/ })).toHaveCount(0);
});

test("the e-mail queue says once, above the list, that the mail service is missing", async ({ page }) => {
  // Arranged in the PostgreSQL server's database: two e-mails waiting for the service, not due again for a day.
  const subjects = [unique("Pedido aguardando serviço"), unique("Pedido aguardando serviço")];
  const db = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    for (const subject of subjects) {
      await db.query(
        `INSERT INTO notification_outbox (event_key, kind, record_id, "to", subject, html, status, attempts, last_error, next_attempt_at)
         VALUES ($1, 'pickup-ready', $2, $3, $4, '<p>x</p>', 'pending', 0, 'Serviço de notificação não configurado.', now() + interval '1 day')`,
        [`e2e:${randomUUID()}`, randomUUID(), ["cliente@exemplo.com"], subject],
      );
    }
  } finally {
    await db.end();
  }

  await page.goto(`${POSTGRES_BASE_URL}/login`);
  await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/picklist-process$/);
  await page.goto(`${POSTGRES_BASE_URL}/settings-service-notifications`);

  const queue = page.getByRole("region", { name: "Fila de e-mails" });
  await choose(page, queue, "Status:", "Na fila");
  for (const subject of subjects) await expect(rowOf(page, "Fila de e-mails", subject)).toContainText("Aguardando o serviço");
  await expect(queue.getByRole("status").filter({ hasText: "Os e-mails aguardam o serviço de notificação" })).toHaveCount(1);
  await expect(queue.getByText("Serviço de notificação não configurado.")).toHaveCount(1);
});
