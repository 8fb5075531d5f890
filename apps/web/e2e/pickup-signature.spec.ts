import { completeCpf } from "@passo/domain";
import { adminToken, createStore, expect, signIn, test } from "./support/fixtures";
import { createPickupThroughApi } from "./support/pickups";

test("a store checks the CPF, the customer signs with the mouse, and the receipt prints the signature", async ({ browser, baseURL, request }) => {
  test.slow();
  const store = await createStore(request);
  const token = await adminToken(request);
  const admin = { authorization: `Bearer ${token}` };
  const customerCpf = completeCpf(String(300000000 + (Date.now() % 600000000)).slice(0, 9));
  const orderNumber = `${Date.now()}`.slice(-13).padStart(16, "8");

  // The store requires the signature ('Exigir assinatura na retirada' in 'Usuários').
  const setting = await request.put(`/api/users/update/${store.id}`, { headers: admin, data: { requireSignature: true } });
  expect(setting.status(), await setting.text()).toBe(200);
  await createPickupThroughApi(request, {
    pickupStoreName: store.username,
    scheduledPickupDate: new Date(Date.now() + 86_400_000).toISOString(),
    orderNumber,
    trackingCode: "123456",
    customerFullName: "Sofia Assinante",
    customerCPF: customerCpf,
    customerPhone: "(41) 99999-9999",
    customerEmail: "sofia@exemplo.com.br",
    orderItems: ["TENIS RUNNER 42 123456-7X"],
  });

  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const counter = await context.newPage();
  await signIn(counter, store.email, store.password);
  await expect(counter).toHaveURL(/\/pickup-pending$/);
  await counter.getByRole("row").filter({ hasText: "Sofia Assinante" }).getByRole("button", { name: /^Iniciar retirada/ }).click();
  const check = counter.getByRole("dialog", { name: "Iniciar retirada" });
  await check.getByLabel("CPF de quem está retirando").fill(customerCpf);
  await expect(check.getByText("Autorizado!")).toBeVisible();

  // Until the customer signs, 'Confirmar retirada' waits.
  const pad = check.getByRole("img", { name: "Assinatura do cliente" });
  await expect(pad).toBeVisible();
  await expect(check.getByText("Esta loja exige a assinatura do cliente para confirmar.")).toBeVisible();
  const confirm = check.getByRole("button", { name: "Confirmar retirada" });
  await expect(confirm).toBeDisabled();

  const box = (await pad.boundingBox())!;
  await counter.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await counter.mouse.down();
  for (let i = 1; i <= 12; i++) await counter.mouse.move(box.x + 20 + i * 20, box.y + box.height * (0.6 + (i % 2 ? -0.25 : 0.15)), { steps: 3 });
  await counter.mouse.up();
  await expect(confirm).toBeEnabled();

  const [answer] = await Promise.all([
    counter.waitForResponse((res) => res.url().includes("/api/pickup/update/") && res.request().method() === "PUT"),
    confirm.click(),
  ]);
  expect(answer.status()).toBe(200);
  const { pickup } = (await answer.json()) as { pickup: { signatureFileName: string | null } };
  expect(pickup.signatureFileName).toMatch(/\.png$/);
  await expect(counter.getByText("Retirada confirmada com sucesso!")).toBeVisible();

  // The receipt offered at once prints the signature drawn.
  await counter.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  const handedOver = counter.getByRole("status").filter({ hasText: `Pedido ${orderNumber} retirado` });
  await handedOver.getByRole("button", { name: "Imprimir comprovante" }).click();
  await expect(counter.locator("body")).toHaveAttribute("data-printed", "yes");
  await counter.emulateMedia({ media: "print" });
  const printed = counter.getByTestId("print-sheet");
  await expect(printed.getByRole("heading", { name: "Comprovante de retirada" })).toBeVisible();
  const signature = printed.getByRole("img", { name: "Assinatura do cliente" });
  await expect(signature).toBeVisible();
  expect(await signature.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
  expect(await signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await context.close();
});
