// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createQueryClient } from "@/lib/query-client";
import { Toaster } from "@/components/ui/sonner";

import { OfflineReplay } from "../offline/offline-replay";
import { PendingPicklists } from "./pending-picklists";
import { SCREEN_TEXTS } from "@/testing/screen-texts";

const STORE = "Loja Centro";
const ITEMS = ["TENIS RUNNER 42 12345601", "SANDALIA 37 65432102", "BOTA 40 11122203", "CHINELO 39 44455504"];

/** A list as the API sends it (ISO strings). */
interface WireList {
  id: string;
  number: number;
  sender: string;
  destination: string;
  sendDate: string;
  timeStarted: string | null;
  timeCompleted: string | null;
  listItems: string[];
  completedItems: string[];
  uncompletedItems: string[];
  numberTransfer: string | null;
  currentStatus: string;
  finishedBy: string | null;
}

const notStarted: WireList = {
  id: "pl-1",
  number: 1234,
  sender: "E-commerce",
  destination: STORE,
  sendDate: "2025-03-14T12:00:00.000Z",
  timeStarted: null,
  timeCompleted: null,
  listItems: ITEMS,
  completedItems: [],
  uncompletedItems: [],
  numberTransfer: null,
  currentStatus: "Não iniciado",
  finishedBy: null,
};

const inProgress: WireList = {
  ...notStarted,
  timeStarted: "2025-03-14T12:10:00.000Z",
  currentStatus: "Em andamento",
  completedItems: [ITEMS[0]!],
  uncompletedItems: ITEMS.slice(1),
};

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
  headers?: Record<string, string>;
}

let listed: WireList[];
let sent: Sent[];
/** What the server answers to a PUT: the updated list, or an error. */
let onUpdate: (body: Record<string, unknown>) => { status: number; json: unknown };
let onGetId: () => { status: number; json: unknown };
/** While set, the server holds its answers to PUTs until the promise settles. */
let heldUpdates: Promise<void> | null = null;
/** Which other list already carries a transfer number (GET /api/picklist/transfer-number). */
let usedTransferNumbers: Record<string, { id: string; number: number }>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  sent = [];
  heldUpdates = null;
  onGetId = () => ({ status: 200, json: { picklist: listed[0] } });
  usedTransferNumbers = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? "GET";
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      sent.push({ method, url, body, headers: init.headers as Record<string, string> | undefined });
      if (method === "GET" && url.startsWith("/api/picklist/get?")) {
        // As the API pages: page 1 of pageSize, with the total, when a page is asked for.
        const pageSize = new URL(url, "http://localhost").searchParams.get("pageSize");
        if (pageSize === null) return json(200, { picklists: listed });
        return json(200, { picklists: listed.slice(0, Number(pageSize)), total: listed.length, page: 1, pageSize: Number(pageSize) });
      }
      if (method === "GET" && url.startsWith("/api/picklist/transfer-number?")) {
        const asked = new URL(url, "http://localhost").searchParams.get("numberTransfer") ?? "";
        return json(200, { picklist: usedTransferNumbers[asked] ?? null });
      }
      if (method === "GET" && url.startsWith("/api/picklist/getId/")) {
        const answer = onGetId();
        return json(answer.status, answer.json);
      }
      if (method === "PUT" && url.startsWith("/api/picklist/update/")) {
        await heldUpdates;
        const answer = onUpdate(body ?? {});
        return json(answer.status, answer.json);
      }
      return json(404, { error: "Não encontrado" });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PendingPicklists store={STORE} {...SCREEN_TEXTS} />
      {/* As the signed-in layer mounts it for a store: the changes made offline go out from here. */}
      <OfflineReplay />
      <Toaster />
    </QueryClientProvider>,
  );
}

const updates = () => sent.filter((request) => request.method === "PUT").map((request) => request.body);
const listReads = () => sent.filter((request) => request.url.startsWith("/api/picklist/get?")).length;
const card = () => screen.getByRole("article", { name: /Lista de separação/ });
const updated = (list: WireList) => ({ status: 200, json: { message: "Lista de separação atualizada com sucesso!", picklist: list } });

describe("the store's pending lists", () => {
  it("asks for the store's unfinished lists (Não iniciado, Em andamento, Não concluído) and says when there is none", async () => {
    listed = [];
    renderScreen();
    expect(await screen.findByText("Nenhuma lista de separação pendente")).toBeInTheDocument();
    const url = new URL(sent[0]!.url, "http://localhost");
    expect(url.pathname).toBe("/api/picklist/get");
    expect(url.searchParams.getAll("status")).toEqual(["Não iniciado", "Em andamento", "Não concluído"]);
    expect(url.searchParams.get("open")).toBe("true");
    // A page at a time, the lists being worked on first.
    expect(url.searchParams.get("order")).toBe("started");
    expect(url.searchParams.get("pageSize")).toBe("20");
  });

  it("shows 20 lists at first, says how many there are, and shows the next ones when asked", async () => {
    listed = Array.from({ length: 25 }, (_, n) => ({ ...notStarted, id: `pl-m${n}`, number: 2000 + n, sendDate: `2025-03-${String(28 - n).padStart(2, "0")}T12:00:00.000Z` }));
    const user = userEvent.setup();
    renderScreen();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(20));
    expect(screen.getByText("Mostrando 20 de 25 listas.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Mostrar mais listas" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(25));
    expect(new URL(sent.at(-1)!.url, "http://localhost").searchParams.get("pageSize")).toBe("40");
    expect(screen.queryByText(/Mostrando/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mostrar mais listas" })).not.toBeInTheDocument();
  });

  it("with many lists, puts the one being worked on first and open, the others folded until opened", async () => {
    const waiting = [1, 2, 3, 4].map((n) => ({ ...notStarted, id: `pl-w${n}`, sendDate: `2025-03-1${n}T12:00:00.000Z` }));
    listed = [...waiting.slice(0, 2), { ...inProgress, id: "pl-started" }, ...waiting.slice(2)];
    const user = userEvent.setup();
    renderScreen();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(5));
    const [first, ...rest] = screen.getAllByRole("article");
    expect(within(first!).getByText("Em andamento")).toBeInTheDocument();
    expect(within(first!).getByRole("button", { name: "Finalizar" })).toBeInTheDocument();
    for (const folded of rest) {
      expect(within(folded).getByText("Não iniciado")).toBeInTheDocument();
      expect(within(folded).queryByRole("button", { name: "Iniciar" })).not.toBeInTheDocument();
    }
    const toggle = within(rest[0]!).getByRole("button", { name: /^Produtos da lista enviada em/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(rest[0]!).getByRole("button", { name: "Iniciar" })).toBeEnabled();
  });

  it("with few lists, shows every card whole", async () => {
    listed = [notStarted, { ...notStarted, id: "pl-2" }];
    renderScreen();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Iniciar" })).toHaveLength(2));
  });

  it("shows the progress as separated over total, and ticking sends the new split", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    onUpdate = (body) =>
      updated({ ...inProgress, completedItems: body.completedItems as string[], uncompletedItems: body.uncompletedItems as string[] });
    renderScreen();

    const progress = await within(await screen.findByRole("article")).findByRole("progressbar", { name: "Progresso da separação" });
    expect(progress).toHaveAttribute("aria-valuenow", "25");
    expect(within(card()).getByText("25%")).toBeInTheDocument();
    expect(within(card()).getByRole("button", { name: "1 Produto separado" })).toBeInTheDocument();

    await user.click(within(card()).getByRole("checkbox", { name: ITEMS[2] }));
    await waitFor(() => expect(within(card()).getByText("50%")).toBeInTheDocument());
    expect(updates()).toEqual([{ completedItems: [ITEMS[0], ITEMS[2]], uncompletedItems: [ITEMS[1], ITEMS[3]] }]);
    expect(within(card()).getByRole("button", { name: "2 Produtos separados" })).toBeInTheDocument();

    // Unticking from the collapsible list of separated products.
    await user.click(within(card()).getByRole("button", { name: "2 Produtos separados" }));
    await user.click(within(card()).getByRole("checkbox", { name: ITEMS[0] }));
    await waitFor(() => expect(within(card()).getByText("25%")).toBeInTheDocument());
    expect(updates()[1]).toEqual({ completedItems: [ITEMS[2]], uncompletedItems: [ITEMS[1], ITEMS[3], ITEMS[0]] });
  });

  it("'Escanear código' ticks the scanned product, keeps the focus, and never unticks on a repeat", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    onUpdate = (body) =>
      updated({ ...inProgress, completedItems: body.completedItems as string[], uncompletedItems: body.uncompletedItems as string[] });
    renderScreen();

    const field = await within(await screen.findByRole("article")).findByRole("textbox", { name: "Escanear código" });
    await user.click(field);
    // Two scans in a row, the second before the first is answered: each carries the whole split so far.
    await user.keyboard("654321{Enter}11122203{Enter}");
    await waitFor(() => expect(within(card()).getByText("75%")).toBeInTheDocument());
    expect(updates()).toEqual([
      { completedItems: [ITEMS[0], ITEMS[1]], uncompletedItems: [ITEMS[2], ITEMS[3]] },
      { completedItems: [ITEMS[0], ITEMS[1], ITEMS[2]], uncompletedItems: [ITEMS[3]] },
    ]);
    expect(field).toHaveFocus();
    expect(field).toHaveValue("");
    expect(field).toHaveAccessibleDescription(`Produto separado: ${ITEMS[2]}`);

    await user.keyboard("123456{Enter}");
    expect(await within(card()).findByText("Produto já separado.")).toBeInTheDocument();
    await user.keyboard("999999{Enter}");
    expect(await within(card()).findByText("Código não encontrado nesta lista.")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(updates()).toHaveLength(2);
    expect(field).toHaveFocus();
    expect(within(card()).queryByRole("button", { name: "Escanear com a câmera" })).not.toBeInTheDocument();
  });

  it("puts the focus in 'Escanear código' when the screen opens, so the first scan is not lost", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    onUpdate = (body) =>
      updated({ ...inProgress, completedItems: body.completedItems as string[], uncompletedItems: body.uncompletedItems as string[] });
    renderScreen();

    const field = await within(await screen.findByRole("article")).findByRole("textbox", { name: "Escanear código" });
    expect(field).toHaveFocus();
    await user.keyboard("654321{Enter}");
    await waitFor(() => expect(within(card()).getByText("50%")).toBeInTheDocument());
  });

  it("shows one success toast that each scan updates, not one per scan", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    onUpdate = (body) =>
      updated({ ...inProgress, completedItems: body.completedItems as string[], uncompletedItems: body.uncompletedItems as string[] });
    renderScreen();

    const field = await within(await screen.findByRole("article")).findByRole("textbox", { name: "Escanear código" });
    await user.click(field);
    await user.keyboard("654321{Enter}");
    await waitFor(() => expect(within(card()).getByText("50%")).toBeInTheDocument());
    expect(await screen.findByText("Lista de separação atualizada com sucesso!")).toBeInTheDocument();
    await user.keyboard("11122203{Enter}");
    await waitFor(() => expect(within(card()).getByText("75%")).toBeInTheDocument());
    await user.keyboard("44455504{Enter}");
    await waitFor(() => expect(within(card()).getByText("100%")).toBeInTheDocument());
    await waitFor(() => expect(updates()).toHaveLength(3));
    // Give a stacking toast the time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText("Lista de separação atualizada com sucesso!")).toHaveLength(1);
  });

  it("keeps 'Finalizar' and 'Produtos indisponíveis' as they were while a scan is saved", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    onUpdate = (body) =>
      updated({ ...inProgress, completedItems: body.completedItems as string[], uncompletedItems: body.uncompletedItems as string[] });
    let release = () => {};
    heldUpdates = new Promise((resolve) => (release = resolve));
    renderScreen();

    const field = await within(await screen.findByRole("article")).findByRole("textbox", { name: "Escanear código" });
    await user.type(within(card()).getByRole("textbox", { name: "Número da transferência" }), "123456");
    const finish = within(card()).getByRole("button", { name: "Finalizar" });
    expect(finish).toBeEnabled();
    await user.click(field);
    await user.keyboard("654321{Enter}");
    await waitFor(() => expect(within(card()).getByText("50%")).toBeInTheDocument());
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(card()).toHaveAttribute("aria-busy", "true");
    expect(finish).toBeEnabled();
    expect(within(card()).getByRole("switch", { name: "Produtos indisponíveis" })).toBeEnabled();
    release();
    await waitFor(() => expect(card()).not.toHaveAttribute("aria-busy"));
    expect(within(card()).getByText("50%")).toBeInTheDocument();
  });

  it("goes on with no connection: the lists last seen, ticks kept on the device and counted, sent in order with their keys when it returns", async () => {
    const user = userEvent.setup();
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ id: "loja-centro", username: STORE, email: "centro@exemplo.com.br", role: "Usuário básico" }))}; Path=/`;
    listed = [{ ...inProgress, version: "2025-03-14T12:10:00.000Z" } as WireList];
    onUpdate = () => updated({ ...inProgress, completedItems: [ITEMS[0]!, ITEMS[1]!], uncompletedItems: ITEMS.slice(2) });
    renderScreen();
    await within(await screen.findByRole("article")).findByRole("textbox", { name: "Escanear código" });
    // The copy is written without waiting for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    cleanup();

    // The tablet loses the network and the screen opens again (a reload).
    let online = false;
    const onLine = vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    const fetchOnline = globalThis.fetch;
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    try {
      renderScreen();
      const offlineCard = await screen.findByRole("article");
      expect(within(offlineCard).getByText(ITEMS[1]!)).toBeInTheDocument();
      expect(screen.getByText(/^Atualizado em \d{2}\/\d{2}\/\d{4}/)).toHaveAttribute("role", "status");
      await user.click(within(offlineCard).getByRole("checkbox", { name: ITEMS[1]! }));
      expect(await within(offlineCard).findByText("1 alteração pendente")).toBeInTheDocument();
      expect(within(offlineCard).getByText("50%")).toBeInTheDocument();
      expect(updates()).toEqual([]);

      // Back online: the change goes out as a replayed tick, with its key, and the count goes away.
      vi.stubGlobal("fetch", fetchOnline);
      online = true;
      window.dispatchEvent(new Event("online"));
      await waitFor(() => expect(updates()).toHaveLength(1));
      expect(updates()[0]).toEqual({ separate: [ITEMS[1]], baseVersion: "2025-03-14T12:10:00.000Z" });
      const put = sent.find((request) => request.method === "PUT")!;
      expect(put.url).toBe(`/api/picklist/update/${inProgress.id}`);
      expect(put.headers?.["Idempotency-Key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      await waitFor(() => expect(within(screen.getByRole("article")).queryByText("1 alteração pendente")).not.toBeInTheDocument());
    } finally {
      onLine.mockRestore();
      vi.stubGlobal("fetch", fetchOnline);
      document.cookie = "user=; Max-Age=0; Path=/";
    }
  });

  it("shows 'Escanear código' only on a list in progress", async () => {
    listed = [notStarted];
    renderScreen();
    await within(await screen.findByRole("article")).findByRole("button", { name: "Iniciar" });
    expect(within(card()).queryByRole("textbox", { name: "Escanear código" })).not.toBeInTheDocument();
  });

  it("'Produtos indisponíveis' asks before undoing the marks, marks every item missing, and switching it off restores the earlier split", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    onUpdate = (body) =>
      body.currentStatus === "Não concluído"
        ? updated({ ...inProgress, currentStatus: "Não concluído", completedItems: [], uncompletedItems: ITEMS })
        : updated({
            ...inProgress,
            currentStatus: "Em andamento",
            completedItems: (body.completedItems as string[] | undefined) ?? [],
            uncompletedItems: (body.uncompletedItems as string[] | undefined) ?? ITEMS,
          });
    renderScreen();

    const unavailable = await within(await screen.findByRole("article")).findByRole("switch", { name: "Produtos indisponíveis" });
    await user.type(within(card()).getByRole("textbox", { name: "Número da transferência" }), "12");
    // One product is ticked: switching on asks first, and 'Cancelar' keeps the mark.
    await user.click(unavailable);
    const ask = await screen.findByRole("alertdialog", { name: "Produtos indisponíveis" });
    expect(ask).toHaveAccessibleDescription("A marcação do produto separado será desfeita. Deseja continuar?");
    await user.click(within(ask).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(updates()).toEqual([]);
    expect(unavailable).not.toBeChecked();
    expect(within(card()).getByText("25%")).toBeInTheDocument();

    await user.click(unavailable);
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Continuar" }));
    await waitFor(() => expect(unavailable).toBeChecked());
    expect(updates()[0]).toEqual({ currentStatus: "Não concluído" });
    expect(within(card()).getByText("0%")).toBeInTheDocument();
    expect(within(card()).getByText("Nenhum produto separado")).toBeInTheDocument();
    expect(within(card()).getByRole("textbox", { name: "Número da transferência" })).toBeDisabled();
    for (const item of ITEMS) expect(within(card()).getByRole("checkbox", { name: item })).toBeDisabled();

    await user.click(unavailable);
    await waitFor(() => expect(unavailable).not.toBeChecked());
    expect(updates()[1]).toEqual({
      currentStatus: "Em andamento",
      completedItems: [ITEMS[0]],
      uncompletedItems: ITEMS.slice(1),
    });
    expect(within(card()).getByText("25%")).toBeInTheDocument();
    expect(within(card()).getByRole("textbox", { name: "Número da transferência" })).toBeEnabled();
  });

  it("names each card by its number, 'Lista nº'", async () => {
    listed = [notStarted];
    renderScreen();
    expect(await screen.findByRole("heading", { name: /^Lista nº 1234/ })).toBeInTheDocument();
  });

  it("warns, without blocking 'Finalizar', when the transfer number is already on another of the store's lists", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    usedTransferNumbers = { "654321": { id: "pl-old", number: 987 } };
    renderScreen();

    const finish = await within(await screen.findByRole("article")).findByRole("button", { name: "Finalizar" });
    const transfer = within(card()).getByRole("textbox", { name: "Número da transferência" });
    await user.type(transfer, "111111");
    await waitFor(() => expect(sent.some((request) => request.url.includes("numberTransfer=111111"))).toBe(true));
    expect(within(card()).queryByText(/já foi usado/)).not.toBeInTheDocument();

    await user.clear(transfer);
    await user.type(transfer, "654321");
    expect(await within(card()).findByText("Este número de transferência já foi usado na lista nº 987.")).toBeInTheDocument();
    expect(transfer).toHaveAccessibleDescription(expect.stringContaining("já foi usado na lista nº 987"));
    const asked = new URL(sent.findLast((request) => request.url.startsWith("/api/picklist/transfer-number?"))!.url, "http://localhost");
    expect(asked.searchParams.get("except")).toBe(inProgress.id);
    expect(finish).toBeEnabled();
  });

  it("enables 'Finalizar' only with a 6-digit transfer number, then locks the card with the server's answer", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    onUpdate = (body) =>
      updated({
        ...inProgress,
        currentStatus: "Concluído",
        numberTransfer: body.numberTransfer as string,
        timeCompleted: "2025-03-14T13:15:30.000Z",
      });
    renderScreen();

    const finish = await within(await screen.findByRole("article")).findByRole("button", { name: "Finalizar" });
    const transfer = within(card()).getByRole("textbox", { name: "Número da transferência" });
    expect(transfer).toHaveAccessibleDescription("O número da transferência deve conter 6 dígitos.");
    expect(finish).toBeDisabled();
    await user.type(transfer, "12a345");
    expect(transfer).toHaveValue("12345");
    expect(finish).toBeDisabled();
    await user.type(transfer, "6");
    expect(finish).toBeEnabled();
    await user.type(transfer, "7");
    expect(transfer).toHaveValue("123456");

    // 'Finalizar' sums up first and sends nothing until confirmed.
    await user.click(finish);
    const summary = await screen.findByRole("alertdialog", { name: "Finalizar a lista de separação?" });
    expect(summary).toHaveTextContent("1 separado · 3 não encontrados");
    expect(summary).toHaveTextContent("Número da transferência: 123456");
    expect(updates()).toEqual([]);
    await user.click(within(summary).getByRole("button", { name: "Finalizar" }));
    await waitFor(() => expect(within(card()).getByText("Concluído")).toBeInTheDocument());
    const [body] = updates();
    expect(body).toMatchObject({ numberTransfer: "123456" });
    expect(typeof body!.timeCompleted).toBe("string");
    // Duration from start to completion: 12:10:00 → 13:15:30.
    expect(within(card()).getByText("01:05:30")).toBeInTheDocument();
    expect(finish).toBeDisabled();
    expect(within(card()).getByRole("button", { name: "Iniciar" })).toBeDisabled();
    expect(within(card()).getByRole("switch", { name: "Produtos indisponíveis" })).toBeDisabled();
    expect(within(card()).getByRole("textbox", { name: "Número da transferência" })).toBeDisabled();
    expect(within(card()).getByRole("textbox", { name: "Número da transferência" })).toHaveValue("123456");
    // What was left unticked is 'Não encontrado', no longer a product to separate.
    expect(within(card()).queryByRole("heading", { name: "Produtos a separar" })).not.toBeInTheDocument();
    const notFound = within(card()).getByRole("list", { name: "Produtos não encontrados" });
    expect(within(notFound).getAllByRole("listitem")).toHaveLength(3);
    expect(within(notFound).getAllByText("Não encontrado")).toHaveLength(3);
    expect(within(notFound).queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("'Cancelar' on the summary sends nothing and gives the focus back to 'Escanear código'", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    renderScreen();

    const field = await within(await screen.findByRole("article")).findByRole("textbox", { name: "Escanear código" });
    await user.type(within(card()).getByRole("textbox", { name: "Número da transferência" }), "123456");
    await user.click(within(card()).getByRole("button", { name: "Finalizar" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(field).toHaveFocus());
    expect(updates()).toEqual([]);
  });

  it("finishes a Não concluído list without a transfer number", async () => {
    const user = userEvent.setup();
    listed = [{ ...inProgress, currentStatus: "Não concluído", completedItems: [], uncompletedItems: ITEMS }];
    onUpdate = () => updated({ ...listed[0]!, timeCompleted: "2025-03-14T13:00:00.000Z" });
    renderScreen();

    const finish = await within(await screen.findByRole("article")).findByRole("button", { name: "Finalizar" });
    expect(finish).toBeEnabled();
    await user.click(finish);
    const summary = await screen.findByRole("alertdialog", { name: "Finalizar a lista de separação?" });
    expect(summary).toHaveTextContent("0 separados · 4 não encontrados");
    expect(summary).not.toHaveTextContent("Número da transferência");
    await user.click(within(summary).getByRole("button", { name: "Finalizar" }));
    await waitFor(() => expect(finish).toBeDisabled());
    expect(updates()[0]).toMatchObject({ numberTransfer: null });
  });

  it("'Iniciar' re-reads the list and starts it", async () => {
    const user = userEvent.setup();
    listed = [notStarted];
    onUpdate = () => updated({ ...notStarted, currentStatus: "Em andamento", timeStarted: "2025-03-14T12:30:00.000Z", uncompletedItems: ITEMS });
    renderScreen();

    const startButton = await within(await screen.findByRole("article")).findByRole("button", { name: "Iniciar" });
    expect(within(card()).queryByRole("checkbox")).not.toBeInTheDocument();
    expect(within(card()).getByRole("switch", { name: "Produtos indisponíveis" })).toBeDisabled();
    await user.click(startButton);
    await waitFor(() => expect(within(card()).getByText("Em andamento")).toBeInTheDocument());
    // Besides the catalog's read of the list's products (pending-picklist-card.test.tsx).
    const moves = sent.filter((r) => !r.url.startsWith("/api/products/"));
    expect(moves.filter((r) => r.method !== "GET" || r.url.includes("getId")).map((r) => [r.method, r.url, r.body])).toEqual([
      ["GET", "/api/picklist/getId/pl-1", undefined],
      ["PUT", "/api/picklist/update/pl-1", { currentStatus: "Em andamento" }],
    ]);
    expect(startButton).toBeDisabled();
    expect(within(card()).getAllByRole("checkbox")).toHaveLength(ITEMS.length);
    // Ready for the first scan without a touch.
    await waitFor(() => expect(within(card()).getByRole("textbox", { name: "Escanear código" })).toHaveFocus());
  });

  it("a list redirected to another store: the 'Lista de separação indisponível' toast, and the lists reload", async () => {
    const user = userEvent.setup();
    listed = [notStarted];
    onGetId = () => ({ status: 409, json: { error: "Lista de separação indisponível", destination: "Loja Norte" } });
    onUpdate = () => {
      throw new Error("must not start");
    };
    renderScreen();

    const startButton = await within(await screen.findByRole("article")).findByRole("button", { name: "Iniciar" });
    listed = [];
    await user.click(startButton);
    expect(await screen.findByText("Lista de separação indisponível")).toBeInTheDocument();
    expect(screen.getByText("A lista foi redirecionada para Loja Norte")).toBeInTheDocument();
    expect(await screen.findByText("Nenhuma lista de separação pendente")).toBeInTheDocument();
    expect(updates()).toEqual([]);
    expect(listReads()).toBe(2);
  });

  it("a refused move shows the server's reason and reloads the lists", async () => {
    const user = userEvent.setup();
    listed = [inProgress];
    onUpdate = () => ({ status: 409, json: { error: "Esta lista de separação já foi finalizada." } });
    renderScreen();

    const checkbox = await within(await screen.findByRole("article")).findByRole("checkbox", { name: ITEMS[1] });
    await user.click(checkbox);
    expect(await screen.findByText("Esta lista de separação já foi finalizada.")).toBeInTheDocument();
    await waitFor(() => expect(listReads()).toBe(2));
  });
});
