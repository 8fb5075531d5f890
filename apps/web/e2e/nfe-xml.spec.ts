import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { adminToken, createStore, expect, signIn, test } from "./support/fixtures";
import { shootForIssue } from "./support/screenshots";

/** What an NF-e does not carry, filled in by the office on 'Criar nova retirada', then 'Criar retirada'. */
async function completeAndCreate(admin: Page, pickup: { store: string; orderNumber: string; type: string; tracking: string }) {
  await admin.getByRole("combobox", { name: "Loja de retirada" }).click();
  await admin.getByPlaceholder("Pesquise a loja...").fill(pickup.store);
  await admin.getByRole("option", { name: pickup.store }).click();
  await admin.getByRole("button", { name: "Data prevista para retirada" }).click();
  await admin.getByRole("button", { name: /^Hoje, / }).click();
  await admin.getByLabel("Número do pedido").fill(pickup.orderNumber);
  await admin.getByRole("radio", { name: pickup.type }).check();
  await admin.getByLabel("Código de rastreio / TR").fill(pickup.tracking);
  await admin.getByRole("button", { name: "Criar retirada" }).click();
  await expect(admin.getByText("Retirada em loja criada com sucesso!")).toBeVisible();
}

/** The sample NF-e: Maria Aparecida & Souza (CPF 529.982.247-25), 2 × a runner of EAN 7891234564009, 1 sandal, 3 socks 'SEM GTIN'. */
const NFE_XML = fileURLToPath(new URL("./fixtures/nfe-proc.xml", import.meta.url));

/** The sample's runner, in the catalog under the demo's shape (reference 123456, size 40). */
const RUNNER_40 = { sku: "12345640", ean: "7891234564009", description: "TÊNIS RUNNER MASC PRETO", reference: "123456", size: "40", color: "PRETO" };

test("dropping the NF-e's XML on 'Criar nova retirada' fills the customer and the items, and the pickup is created", async ({ admin, request }) => {
  test.slow();
  const token = await adminToken(request);
  const imported = await request.post("/api/products/import", {
    headers: { authorization: `Bearer ${token}` },
    data: { dryRun: false, rows: [{ line: 2, ...RUNNER_40 }] },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const store = await createStore(request);
  const orderNumber = `${Date.now()}`.slice(-13).padStart(16, "9");

  await admin.goto("/pickup-new-order");
  await expect(admin.getByRole("heading", { level: 1, name: "Criar nova retirada" })).toBeVisible();
  await admin.getByLabel("Nota fiscal (NF-e)").setInputFiles(NFE_XML);

  await expect(admin.getByText("NF-e lida. Confira os dados preenchidos.")).toBeVisible();
  await expect(admin.getByText("Preenchido: nome, CPF, e-mail, telefone, 1 produto do catálogo e 2 itens digitados.")).toBeVisible();
  await expect(admin.getByLabel("Nome do cliente")).toHaveValue("Maria Aparecida & Souza");
  await expect(admin.getByLabel("CPF do cliente")).toHaveValue("529.982.247-25");
  await expect(admin.getByLabel("E-mail do cliente")).toHaveValue("maria.souza@example.com");
  await expect(admin.getByLabel("Telefone do cliente")).toHaveValue("(41) 99876-5432");
  await expect(admin.getByRole("list", { name: "Produtos escolhidos" }).getByRole("listitem")).toHaveText(["2 × TÊNIS RUNNER MASC PRETO 40 12345640"]);
  await expect(admin.getByText("1 × SANDÁLIA CASUAL FEM BEGE 38 65432138")).toBeVisible();
  await expect(admin.getByText("3 × MEIA ESPORTIVA CANO CURTO MEIA-ESP-01")).toBeVisible();
  // Beside the file, what its access key says: the office sees it dropped the right invoice.
  const key = admin.getByRole("region", { name: "Chave de acesso da NF-e" });
  await expect(key).toContainText("3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2346");
  await expect(key.getByRole("definition")).toHaveText(["SP (São Paulo)", "11/2026", "12.345.678/0001-95", "55 (NF-e)", "1", "000.001.234"]);
  await expect(key.getByRole("term")).toHaveText(["UF", "Emissão", "CNPJ do emitente", "Modelo", "Série", "Número"]);
  await shootForIssue(30, admin, "nfe-key-fields", key);

  // The office checks, completes what an NF-e does not carry, and submits.
  await completeAndCreate(admin, { store: store.username, orderNumber, type: "Envio realizado via Correios", tracking: "AB123456789BR" });

  // The pickup as the API keeps it: the NF-e's customer, its items (the catalog line as 2 copies), the XML as its invoice.
  const found = await request.get(`/api/pickup/get?search=${orderNumber}`, { headers: { authorization: `Bearer ${token}` } });
  expect(found.status()).toBe(200);
  const [pickup] = (await found.json()).pickups as Record<string, unknown>[];
  expect(pickup).toMatchObject({
    orderNumber,
    customerFullName: "Maria Aparecida & Souza",
    customerCPF: "52998224725",
    customerEmail: "maria.souza@example.com",
    customerPhone: "(41) 99876-5432",
    invoiceFileName: expect.stringMatching(/\.xml$/),
  });
  expect([...(pickup!.orderItems as string[])].sort()).toEqual(
    ["1 × SANDÁLIA CASUAL FEM BEGE 38 65432138", "3 × MEIA ESPORTIVA CANO CURTO MEIA-ESP-01", "TÊNIS RUNNER MASC PRETO 40 12345640", "TÊNIS RUNNER MASC PRETO 40 12345640"].sort(),
  );
  const invoice = await request.get(`/uploads/${pickup!.invoiceFileName as string}`, { headers: { authorization: `Bearer ${token}` } });
  expect(invoice.headers()["content-type"]).toMatch(/^application\/xml/);
  expect(await invoice.text()).toContain("<chNFe>35261112345678000195550010000012341000012346</chNFe>");
});

test("dropping the NF-e's PDF and XML together keeps both: the PDF is the invoice, the XML beside it, and the store opens its DANFE", async ({ admin, request, browser }) => {
  test.slow();
  const token = await adminToken(request);
  const store = await createStore(request);
  const orderNumber = `${Date.now()}`.slice(-13).padStart(16, "8");

  await admin.goto("/pickup-new-order");
  await expect(admin.getByRole("heading", { level: 1, name: "Criar nova retirada" })).toBeVisible();
  await admin.getByLabel("Nota fiscal (NF-e)").setInputFiles([
    { name: "nfe.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n") },
    { name: "nfe-proc.xml", mimeType: "text/xml", buffer: readFileSync(NFE_XML) },
  ]);
  const files = admin.getByRole("list", { name: "Arquivos da NF-e" });
  await expect(files.getByText("nfe.pdf")).toBeVisible();
  await expect(files.getByText("nfe-proc.xml")).toBeVisible();
  await expect(admin.getByText("NF-e lida. Confira os dados preenchidos.")).toBeVisible();
  await expect(admin.getByLabel("Nome do cliente")).toHaveValue("Maria Aparecida & Souza");

  // Two files of a kind are refused at once.
  await admin.getByLabel("Nota fiscal (NF-e)").setInputFiles([
    { name: "a.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") },
    { name: "b.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") },
  ]);
  await expect(admin.getByText("Envie no máximo um PDF e um XML da NF-e.")).toBeVisible();
  await admin.getByRole("button", { name: "Remover b.pdf" }).click();
  await admin.getByLabel("Nota fiscal (NF-e)").setInputFiles({ name: "nfe-proc.xml", mimeType: "text/xml", buffer: readFileSync(NFE_XML) });
  await expect(files.getByText("a.pdf")).toBeVisible();
  await expect(files.getByText("nfe-proc.xml")).toBeVisible();
  await expect(admin.getByText("Envie no máximo um PDF e um XML da NF-e.")).toBeHidden();

  await completeAndCreate(admin, { store: store.username, orderNumber, type: "Disponível na loja", tracking: "TR0042" });

  // Both kept: the PDF as the invoice the counter prints, the XML beside it.
  const found = await request.get(`/api/pickup/get?search=${orderNumber}`, { headers: { authorization: `Bearer ${token}` } });
  const [pickup] = (await found.json()).pickups as Record<string, string>[];
  expect(pickup).toMatchObject({ invoiceFileName: expect.stringMatching(/\.pdf$/), invoiceXmlFileName: expect.stringMatching(/\.xml$/) });
  const pdf = await request.get(`/uploads/${pickup!.invoiceFileName}`, { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const xml = await request.get(`/uploads/${pickup!.invoiceXmlFileName}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await xml.text()).toContain("<chNFe>35261112345678000195550010000012341000012346</chNFe>");

  // At the counter the store prints the NF-e as today, and beside it the DANFE of the XML, which it downloads.
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.getByRole("textbox", { name: "Escanear pedido ou CPF" }).click();
  await page.keyboard.type(`${orderNumber}\n`);
  const check = page.getByRole("dialog", { name: "Iniciar retirada" });
  await check.getByLabel("CPF de quem está retirando").fill("529.982.247-25");
  await expect(check.getByText("Autorizado!")).toBeVisible();
  await expect(check.getByRole("link", { name: `Abrir NF-e do pedido ${orderNumber}` })).toBeVisible();
  const download = page.waitForEvent("download");
  await check.getByRole("link", { name: `Abrir DANFE do pedido ${orderNumber}` }).click();
  expect((await download).suggestedFilename()).toBe(`danfe-${orderNumber}.pdf`);
  await context.close();
});
