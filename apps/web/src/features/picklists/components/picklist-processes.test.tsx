// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createQueryClient } from "@/lib/query-client";
import { Toaster } from "@/components/ui/sonner";

import { PicklistProcesses } from "./picklist-processes";
import { SCREEN_TEXTS } from "@/testing/screen-texts";

const base = {
  number: 1,
  sender: "E-commerce",
  timeStarted: null as string | null,
  timeCompleted: null as string | null,
  completedItems: [] as string[],
  uncompletedItems: [] as string[],
  numberTransfer: null as string | null,
  finishedBy: null as string | null,
};

const sentToday = {
  ...base,
  id: "hoje-1",
  destination: "Loja Centro",
  sendDate: "2025-03-14T12:00:00.000Z",
  listItems: ["TENIS 40 12345601"],
  currentStatus: "Não iniciado",
};
const doneToday = {
  ...base,
  id: "hoje-2",
  destination: "Loja Norte",
  sendDate: "2025-03-14T11:00:00.000Z",
  timeStarted: "2025-03-14T11:30:00.000Z",
  timeCompleted: "2025-03-14T12:45:10.000Z",
  listItems: ["BOTA 38 76543201", "SANDALIA 37 11112201"],
  completedItems: ["BOTA 38 76543201"],
  uncompletedItems: ["SANDALIA 37 11112201"],
  numberTransfer: "123456",
  currentStatus: "Concluído",
};
const failedToday = {
  ...base,
  id: "hoje-3",
  destination: "Loja Sul",
  sendDate: "2025-03-14T10:00:00.000Z",
  timeStarted: "2025-03-14T10:30:00.000Z",
  listItems: ["CHINELO 39 22222201", "MOCASSIM 41 33333301"],
  uncompletedItems: ["CHINELO 39 22222201", "MOCASSIM 41 33333301"],
  currentStatus: "Não concluído",
};
const olderInProgress = {
  ...base,
  id: "antiga-1",
  destination: "Loja Leste",
  sendDate: "2025-03-12T10:00:00.000Z",
  timeStarted: "2025-03-12T11:00:00.000Z",
  listItems: ["TENIS 44 55555501"],
  uncompletedItems: ["TENIS 44 55555501"],
  currentStatus: "Em andamento",
};
const olderNotStarted = { ...olderInProgress, id: "antiga-2", destination: "Loja Oeste", timeStarted: null, uncompletedItems: [], currentStatus: "Não iniciado" };

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

let today: unknown[];
let pending: unknown[];
let sent: Sent[];
let notificationAnswer: { status: number; json: unknown };

/** The page the screen asked for, as the server cuts it. */
function pageOf<T>(list: readonly T[], params: URLSearchParams): T[] {
  const size = Number(params.get("pageSize") ?? list.length);
  const page = Number(params.get("page") ?? 1);
  return list.slice((page - 1) * size, page * size);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  sent = [];
  today = [sentToday, doneToday, failedToday];
  pending = [olderInProgress, olderNotStarted];
  notificationAnswer = { status: 202, json: { message: "Notificação enfileirada para: Loja Oeste", recipients: ["Loja Oeste"] } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, "http://localhost");
      const method = init.method ?? "GET";
      sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === "/api/picklist/get") {
        const all = url.searchParams.has("pending") ? pending : today;
        return json(200, { picklists: pageOf(all, url.searchParams), total: all.length });
      }
      if (url.pathname === "/api/picklist/not-found") {
        const items = (today as (typeof doneToday)[]).flatMap((list) =>
          ["Concluído", "Não concluído"].includes(list.currentStatus)
            ? list.uncompletedItems.map((item) => ({ picklistId: list.id, destination: list.destination, sendDate: list.sendDate, item }))
            : [],
        );
        return json(200, { items: pageOf(items, url.searchParams), total: items.length });
      }
      if (url.pathname === "/api/metrics/not-found-products") {
        const bySku = [
          { key: "48213042", sku: "48213042", reference: "482130", description: "TÊNIS RUNNER MASC PRETO", size: "42", color: "PRETO", count: 3 },
          { key: "SANDALIA 37 11112201", sku: null, reference: null, description: "SANDALIA 37 11112201", size: null, color: null, count: 1 },
        ];
        const byReference = [
          { key: "482130", sku: null, reference: "482130", description: "TÊNIS RUNNER MASC PRETO", size: null, color: "PRETO", count: 5, sizes: [{ size: "40", sku: "48213040", count: 2 }, { size: "42", sku: "48213042", count: 3 }] },
        ];
        return json(200, { products: url.searchParams.get("by") === "reference" ? byReference : bySku });
      }
      if (url.pathname === "/api/users/get") {
        return json(200, {
          users: ["Loja Centro", "Loja Norte", "Loja Sul"].map((username, i) => ({
            id: `u${i}`,
            username,
            email: `loja${i}@exemplo.com.br`,
            role: "Usuário básico",
            requireSignature: false,
            requireStaffPin: false,
          })),
        });
      }
      if (url.pathname.startsWith("/api/send-notification/")) return json(notificationAnswer.status, notificationAnswer.json);
      if (method === "PUT") return json(200, { message: "Lista de separação atualizada com sucesso!", picklist: sentToday });
      if (method === "DELETE") return json(200, { message: "Lista de separação excluída com sucesso!" });
      return json(404, { error: "Não encontrado" });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen(path = "/picklist-process") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={createQueryClient()}>
        <PicklistProcesses {...SCREEN_TEXTS} />
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function bodyRows(name: string) {
  return within(screen.getByRole("table", { name })).getAllByRole("row").slice(1);
}

function cells(row: HTMLElement) {
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

const listReads = () => sent.filter((r) => r.url.pathname === "/api/picklist/get").length;

describe("Processos de separação", () => {
  it("asks the server for a page of today's lists, of the pending ones left from earlier days, and of the products not found", async () => {
    renderScreen();
    await screen.findByText("Loja Leste");
    const reads = sent.filter((r) => r.url.pathname === "/api/picklist/get").map((r) => r.url.searchParams);
    const todayRead = reads.find((params) => params.has("from"))!;
    const pendingRead = reads.find((params) => params.has("pending"))!;
    expect([...todayRead.keys()]).toEqual(["from", "page", "pageSize"]);
    expect(todayRead.get("from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([todayRead.get("page"), todayRead.get("pageSize")]).toEqual(["1", "8"]);
    expect(pendingRead.getAll("status")).toEqual(["Não iniciado", "Em andamento"]);
    expect(pendingRead.get("pending")).toBe(todayRead.get("from"));
    expect(pendingRead.get("page")).toBe("1");
    const notFoundRead = sent.find((r) => r.url.pathname === "/api/picklist/not-found")!.url.searchParams;
    expect(Object.fromEntries(notFoundRead)).toEqual({ from: todayRead.get("from"), to: todayRead.get("from"), page: "1", pageSize: "8" });
  });

  it("opened from a dashboard's product, asks for that product's rows over the period and offers today's again", async () => {
    renderScreen("/picklist-process?item=BOTA%2038%209&from=2026-03-01&to=2026-03-31&store=Loja%20Centro");
    const section = await screen.findByRole("region", { name: "Produtos não encontrados" });
    expect(within(section).getByText("BOTA 38 9, Loja Centro, de 01/03/2026 a 31/03/2026")).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "Ver os de hoje" })).toHaveAttribute("href", "/picklist-process");
    const notFoundRead = sent.find((r) => r.url.pathname === "/api/picklist/not-found")!.url.searchParams;
    expect(Object.fromEntries(notFoundRead)).toEqual({ item: "BOTA 38 9", from: "2026-03-01", to: "2026-03-31", store: "Loja Centro", page: "1", pageSize: "8" });
  });

  it("pages a busy day: the next page comes from the server", async () => {
    const user = userEvent.setup();
    today = Array.from({ length: 11 }, (_, i) => ({ ...sentToday, id: `hoje-${i + 10}`, destination: `Loja ${String(i + 1).padStart(2, "0")}` }));
    renderScreen();
    await screen.findByText("Loja 01");
    expect(bodyRows("Listas em andamento hoje")).toHaveLength(8);
    const todaySection = screen.getByRole("region", { name: "Listas em andamento hoje" });
    await user.click(within(todaySection).getByRole("button", { name: "Próximo" }));
    expect(await screen.findByText("Loja 11")).toBeInTheDocument();
    expect(bodyRows("Listas em andamento hoje").map((row) => cells(row)[0])).toEqual(["Loja 09 · Lista nº 1", "Loja 10 · Lista nº 1", "Loja 11 · Lista nº 1"]);
    const last = sent.filter((r) => r.url.pathname === "/api/picklist/get" && r.url.searchParams.has("from")).at(-1)!;
    expect(last.url.searchParams.get("page")).toBe("2");
  });

  it("groups the lists: today's, the pending ones, and one row per product not found", async () => {
    renderScreen();
    await screen.findByText("Loja Leste");

    const todayTable = screen.getByRole("table", { name: "Listas em andamento hoje" });
    expect(within(todayTable).getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Loja",
      "Enviado",
      "Iniciado",
      "Finalizado",
      "Duração",
      "Itens",
      "Nº TR",
      "Status",
      "Ações",
    ]);
    const todayRows = bodyRows("Listas em andamento hoje");
    expect(todayRows.map((row) => cells(row)[0])).toEqual(["Loja Centro · Lista nº 1", "Loja Norte · Lista nº 1", "Loja Sul · Lista nº 1"]);
    expect(cells(todayRows[1]!).slice(0, 8)).toEqual([
      "Loja Norte · Lista nº 1",
      "14/03/2025 08:00:00",
      "14/03/2025 08:30:00",
      "14/03/2025 09:45:10",
      "01:15:10",
      "2",
      "123456",
      "Concluído",
    ]);

    expect(bodyRows("Listas de separação pendentes").map((row) => cells(row)[0])).toEqual(["Loja Leste · Lista nº 1", "Loja Oeste · Lista nº 1"]);

    const notFound = screen.getByRole("table", { name: "Produtos não encontrados" });
    expect(within(notFound).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Loja", "Enviado", "Item"]);
    expect(bodyRows("Produtos não encontrados").map(cells)).toEqual([
      ["Loja Norte", "14/03/2025 08:00:00", "SANDALIA 37 11112201"],
      ["Loja Sul", "14/03/2025 07:00:00", "CHINELO 39 22222201"],
      ["Loja Sul", "14/03/2025 07:00:00", "MOCASSIM 41 33333301"],
    ]);
  });

  it("counts the products not found by SKU or by reference when asked, over today, and goes back to one row per item", async () => {
    const user = userEvent.setup();
    renderScreen();
    const section = await screen.findByRole("region", { name: "Produtos não encontrados" });
    const views = within(section).getByRole("group", { name: "Agrupar produtos não encontrados" });
    expect(within(views).getByRole("button", { name: "Por item" })).toHaveAttribute("aria-pressed", "true");

    await user.click(within(views).getByRole("button", { name: "Por SKU" }));
    const bySku = await screen.findByRole("table", { name: "Produtos não encontrados por SKU" });
    await within(bySku).findByText("TÊNIS RUNNER MASC PRETO 42");
    expect(within(bySku).getAllByRole("row").slice(1).map(cells)).toEqual([
      ["TÊNIS RUNNER MASC PRETO 42", "48213042", "42", "3"],
      ["SANDALIA 37 11112201", "Fora do catálogo", "—", "1"],
    ]);
    expect(screen.queryByRole("table", { name: "Produtos não encontrados" })).not.toBeInTheDocument();
    const read = sent.filter((r) => r.url.pathname === "/api/metrics/not-found-products").at(-1)!.url.searchParams;
    const todayRead = sent.find((r) => r.url.pathname === "/api/picklist/not-found")!.url.searchParams;
    expect(Object.fromEntries(read)).toEqual({ from: todayRead.get("from"), to: todayRead.get("to"), by: "sku", limit: "100" });
    expect(within(section).getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();

    await user.click(within(views).getByRole("button", { name: "Por referência" }));
    const byReference = await screen.findByRole("table", { name: "Produtos não encontrados por referência" });
    expect(await within(byReference).findByText("40 (2) · 42 (3)")).toBeInTheDocument();
    expect(within(byReference).getAllByRole("row").slice(1).map(cells)).toEqual([["TÊNIS RUNNER MASC PRETO", "482130", "40 (2) · 42 (3)", "5"]]);

    await user.click(within(views).getByRole("button", { name: "Por item" }));
    expect(bodyRows("Produtos não encontrados").map((row) => cells(row)[2])).toEqual(["SANDALIA 37 11112201", "CHINELO 39 22222201", "MOCASSIM 41 33333301"]);
  });

  it("shows each section's empty text", async () => {
    today = [];
    pending = [];
    renderScreen();
    expect(await screen.findByText("Nenhuma lista de separação hoje.")).toBeInTheDocument();
    expect(await screen.findByText("Nenhuma lista de separação pendente hoje")).toBeInTheDocument();
    expect(screen.getByText("Nenhum produto pendente")).toBeInTheDocument();
  });

  it("offers edit and delete only on lists not started, and the notification only on pending rows", async () => {
    renderScreen();
    await screen.findByText("Loja Leste");
    expect(screen.getByRole("button", { name: "Editar a lista de Loja Centro" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Excluir a lista de Loja Centro" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Editar a lista de Loja Norte" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Excluir a lista de Loja Sul" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Editar a lista de Loja Leste" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: /para Loja Centro$/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enviar lembrete para Loja Leste" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enviar alerta para Loja Oeste" })).toBeInTheDocument();
  });

  it("marks the items of a finished list separated or 'Não encontrado' in the item popover", async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText("Loja Leste");
    const [, done] = bodyRows("Listas em andamento hoje");
    await user.click(within(done!).getByRole("button", { name: "2 itens" }));
    const items = within(screen.getByRole("list", { name: "Itens da lista de Loja Norte" })).getAllByRole("listitem");
    expect(within(items[0]!).getByText("separado")).toBeInTheDocument();
    expect(within(items[1]!).getByText("Não encontrado")).toBeInTheDocument();
    expect(within(items[1]!).getByRole("button", { name: "Copiar código de SANDALIA 37 11112201" })).toBeInTheDocument();
  });

  it("sends an alert for a list not started after confirmation, and shows a refusal as an error", async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText("Loja Leste");
    await user.click(screen.getByRole("button", { name: "Enviar alerta para Loja Oeste" }));
    const confirm = screen.getByRole("alertdialog", { name: "Enviar alerta?" });
    await user.click(within(confirm).getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Notificação enfileirada para: Loja Oeste")).toBeInTheDocument();
    const post = sent.find((r) => r.method === "POST")!;
    expect(post.url.pathname).toBe("/api/send-notification/picklist-alert");
    expect(post.body).toMatchObject({ id: "antiga-2", timeStarted: "", timeCompleted: "", destination: "Loja Oeste" });

    notificationAnswer = { status: 409, json: { error: "Configure o serviço de notificação antes de enviar e-mails." } };
    await user.click(screen.getByRole("button", { name: "Enviar lembrete para Loja Leste" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Enviar lembrete?" })).getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Configure o serviço de notificação antes de enviar e-mails.")).toBeInTheDocument();
    expect(sent.filter((r) => r.method === "POST")[1]!.url.pathname).toBe("/api/send-notification/picklist-reminder");
  });

  it("edits a list's store and items, then reloads the lists", async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText("Loja Leste");
    const readsBefore = listReads();
    await user.click(screen.getByRole("button", { name: "Editar a lista de Loja Centro" }));
    const dialog = screen.getByRole("dialog", { name: "Editar lista de separação" });
    await user.click(within(dialog).getByRole("combobox", { name: "Loja de destino" }));
    await user.click(await screen.findByRole("option", { name: "Loja Sul" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Adicionar produtos" }), "BOTA 41 99999901");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const put = sent.find((r) => r.method === "PUT")!;
    expect(put.url.pathname).toBe("/api/picklist/update/hoje-1");
    expect(put.body).toEqual({ destination: "Loja Sul", listItems: ["TENIS 40 12345601", "BOTA 41 99999901"] });
    // the three sections reload: today's and pending lists, and the products not found
    await waitFor(() => expect(listReads()).toBe(readsBefore + 2));
    await waitFor(() => expect(sent.filter((r) => r.url.pathname === "/api/picklist/not-found")).toHaveLength(2));
  });

  it("deletes a list after confirmation", async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText("Loja Leste");
    await user.click(screen.getByRole("button", { name: "Excluir a lista de Loja Centro" }));
    const confirm = screen.getByRole("alertdialog", { name: "Tem certeza de que deseja excluir?" });
    await user.click(within(confirm).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Lista de separação excluída com sucesso!")).toBeInTheDocument();
    expect(sent.find((r) => r.method === "DELETE")!.url.pathname).toBe("/api/picklist/delete/hoje-1");
  });
});
