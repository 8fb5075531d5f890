import { adminToken, createStore, expect, signIn, test } from "./support/fixtures";

// The installable app (apps/web/sw/sw.ts): these tests let the service worker run, as a tablet does.
test.use({ serviceWorkers: "allow" });

test("the app installs: its manifest names Passo with its icons, in Portuguese", async ({ page, request }) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await request.get(href!);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as { name: string; lang: string; display: string; start_url: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(body).toMatchObject({ name: "Passo", lang: "pt-BR", display: "standalone", start_url: "/" });
  expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(body.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of body.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
  }
  // The worker itself is asked for again at every check: never kept by an HTTP cache.
  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});

test("after one visit online, the app opens with no connection, from a cold start, with the lists last seen", async ({ page, context, request }) => {
  const store = await createStore(request);
  const items = ["TENIS RUNNER PRETO 42 48210042", "SANDALIA PRAIA 37 48211037"];
  const created = await request.post("/api/picklist/create", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination: store.username, listItems: items },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, store.email, store.password);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar retirada" })).toBeVisible();
  await page.goto("/picklist-pending");
  await expect(page.getByRole("article").getByText(items[0]!)).toBeVisible();
  // The worker has kept the app's files.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.close();
  // A new tab at the screen's address, as the tablet's home-screen icon opens it.
  const cold = await context.newPage();
  await cold.goto("/picklist-pending");
  await expect(cold.getByRole("heading", { level: 1, name: "Iniciar separação" })).toBeVisible();
  await expect(cold.getByText("Sem conexão — suas alterações serão enviadas quando a conexão voltar.")).toBeVisible();
  const card = cold.getByRole("article");
  await expect(card.getByText(items[1]!)).toBeVisible();
  await expect(cold.getByText(/^Atualizado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  // The counter's screens wait for the connection, and say why.
  await cold.goto("/pickup-pending");
  await expect(cold.getByRole("heading", { level: 1, name: "Iniciar retirada" })).toBeVisible();
  await expect(cold.getByText("Sem conexão. As telas mostram o que foi visto por último e voltam a se atualizar quando a conexão voltar.")).toBeVisible();
  await expect(cold.getByText("Retiradas e devoluções precisam da conexão para conferir o CPF do cliente. Aguarde a conexão voltar.")).toBeVisible();

  // Back online, the screens load from the server again.
  await context.setOffline(false);
  await cold.goto("/picklist-pending");
  await expect(cold.getByText(/^Sem conexão/)).toHaveCount(0);
  await expect(cold.getByRole("article").getByText(items[1]!)).toBeVisible();
});
