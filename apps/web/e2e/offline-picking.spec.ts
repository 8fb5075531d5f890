import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, createStore, expect, signIn, test } from "./support/fixtures";
import { shootForIssue, TABLET } from "./support/screenshots";

// Picking that goes on offline (issue 32): the service worker opens the app, IndexedDB keeps the
// lists and the changes, and the queue goes out in order when the connection returns.
test.use({ serviceWorkers: "allow" });

const RUNNER = "TENIS RUNNER 42 12345601";
const SANDAL = "SANDALIA 37 65432102";
const BOOT = "BOTA 40 11122203";

async function createList(request: APIRequestContext, destination: string, listItems: string[]): Promise<string> {
  const res = await request.post("/api/picklist/create", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination, listItems },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).picklist.id as string;
}

async function listAsOffice(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/picklist/getId/${id}`, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).picklist as { currentStatus: string; completedItems: string[]; uncompletedItems: string[]; destination: string };
}

/** The store at 'Iniciar separação', with the app's files kept by the worker. */
async function openPicking(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar retirada" })).toBeVisible();
  await page.goto("/picklist-pending");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar separação" })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test("a store picks with no connection: starts, scans and ticks, reloads, and back online the server has it all, once", async ({ page, context, request }) => {
  const store = await createStore(request);
  const id = await createList(request, store.username, [RUNNER, SANDAL, BOOT]);
  await openPicking(page, store.email, store.password);
  const card = page.getByRole("article");
  await expect(card.getByText(RUNNER)).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText("Sem conexão — suas alterações serão enviadas quando a conexão voltar.")).toBeVisible();
  await card.getByRole("button", { name: "Iniciar" }).click();
  await expect(card.getByText("1 alteração pendente")).toBeVisible();
  const field = card.getByRole("textbox", { name: "Escanear código" });
  await field.fill("654321");
  await field.press("Enter");
  await expect(card.getByText(`Produto separado: ${SANDAL}`)).toBeVisible();
  await card.getByRole("checkbox", { name: RUNNER }).click();
  await expect(card.getByText("3 alterações pendentes")).toBeVisible();
  await expect(card.getByText("67%")).toBeVisible();

  // A reload with no connection: the app, the list and the three changes are all still there.
  await page.reload();
  await expect(card.getByText("3 alterações pendentes")).toBeVisible();
  await expect(card.getByText("67%")).toBeVisible();
  await shootForIssue(32, page, "offline-pending-card", card, { scroll: false, sizes: [TABLET, { width: 390, height: 844 }] });
  expect((await listAsOffice(request, id)).currentStatus).toBe("Não iniciado");

  await context.setOffline(false);
  await expect(card.getByText(/alteraç(ão|ões) pendentes?/)).toHaveCount(0);
  await expect(card.getByText("67%")).toBeVisible();
  const saved = await listAsOffice(request, id);
  expect(saved.currentStatus).toBe("Em andamento");
  expect(saved.completedItems.toSorted()).toEqual([RUNNER, SANDAL].toSorted());
  expect(saved.uncompletedItems).toEqual([BOOT]);
});

test("the office redirects the list while the store is offline: the clerk sees where it went and the changes not sent", async ({ page, context, request }) => {
  const store = await createStore(request);
  const other = await createStore(request);
  const id = await createList(request, store.username, [RUNNER, SANDAL, BOOT]);
  await openPicking(page, store.email, store.password);
  const card = page.getByRole("article");
  await expect(card.getByText(RUNNER)).toBeVisible();

  await context.setOffline(true);
  await card.getByRole("button", { name: "Iniciar" }).click();
  const field = card.getByRole("textbox", { name: "Escanear código" });
  await field.fill("654321");
  await field.press("Enter");
  await expect(card.getByText("2 alterações pendentes")).toBeVisible();

  // Meanwhile the office sends the list to another store.
  const redirected = await request.put(`/api/picklist/update/${id}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination: other.username },
  });
  expect(redirected.status(), await redirected.text()).toBe(200);

  await context.setOffline(false);
  const gone = page.getByRole("article", { name: "Lista de separação indisponível" });
  await expect(gone).toBeVisible();
  await expect(gone.getByText(`A lista foi redirecionada para ${other.username}`).first()).toBeVisible();
  const unsent = gone.getByRole("alert", { name: "Alterações não enviadas" });
  await expect(unsent.getByText("2 alterações feitas sem conexão não foram enviadas.")).toBeVisible();
  await expect(unsent.getByRole("listitem")).toHaveText(["Iniciar", `Separado: ${SANDAL}`]);
  // Nothing of the store's reached the list the other store now has.
  const saved = await listAsOffice(request, id);
  expect(saved).toMatchObject({ destination: other.username, currentStatus: "Não iniciado", completedItems: [] });

  await shootForIssue(32, page, "redirected-not-sent", gone, { scroll: false, sizes: [TABLET] });
  await unsent.getByRole("button", { name: "Descartar alterações" }).click();
  await expect(unsent).toHaveCount(0);
});

test("the changes made offline go out when the connection returns, whatever screen the clerk is on", async ({ page, context, request }) => {
  const store = await createStore(request);
  const id = await createList(request, store.username, [RUNNER, SANDAL, BOOT]);
  await openPicking(page, store.email, store.password);
  const card = page.getByRole("article");
  await expect(card.getByText(RUNNER)).toBeVisible();

  await context.setOffline(true);
  await card.getByRole("button", { name: "Iniciar" }).click();
  await expect(card.getByText("1 alteração pendente")).toBeVisible();
  // The clerk moves on to the counter's screen (through the menu, no reload) before the network comes back.
  await page.getByRole("button", { name: "Retirada em loja" }).click();
  await page.getByRole("link", { name: "Iniciar retirada" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar retirada" })).toBeVisible();

  await context.setOffline(false);
  await expect.poll(async () => (await listAsOffice(request, id)).currentStatus).toBe("Em andamento");
});
