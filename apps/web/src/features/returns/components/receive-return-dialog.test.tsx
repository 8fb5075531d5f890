// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createQueryClient } from "@/lib/query-client";
import { Toaster } from "@/components/ui/sonner";
import { RUNNER_42 as RUNNER, RUNNER_42_ITEM as RUNNER_ITEM } from "@/testing/products";

import type { StoreReturnRecord } from "../api/get-returns";
import { ReceiveReturnDialog } from "./receive-return-dialog";

const pending: StoreReturnRecord = {
  id: "ret-1",
  dateOfCreation: "2025-03-01T13:00:00.000Z",
  orderNumber: "PED0000000000001",
  customerCPF: "***.***.789-09",
  customerFullName: "Maria Souza",
  returnItems: ["TENIS RUNNER 42 12345601"],
  returnStatus: "Devolução pendente",
  reasonForRefusal: "",
  returnStore: null,
  dateOfReturn: null,
  dateOfTransfer: null,
  transferNumber: null,
  receivedBy: null,
};

let fetchMock: ReturnType<typeof vi.fn>;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    // The return's products, read once as the dialog opens, for 'Conferir produto'.
    if (url === "/api/products/by-items") return json({ products: [RUNNER] });
    const body = JSON.parse(String(init.body)) as { returnStatus: string };
    const message = body.returnStatus === "Devolução recusada" ? "Devolução recusada com sucesso!" : "Devolução recebida com sucesso!";
    return new Response(JSON.stringify({ message, return: { ...pending, ...body } }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onOpenChange = vi.fn(), returnOrder = pending) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReceiveReturnDialog returnOrder={returnOrder} open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole("dialog", { name: "Iniciar devolução" }), onOpenChange };
}

/** The return's updates: what the dialog changes. */
const updates = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/return/update/"));

function sent() {
  const [url, init] = updates()[0] as [string, RequestInit];
  return { url, method: init.method, body: JSON.parse(String(init.body)) as unknown };
}

describe("ReceiveReturnDialog", () => {
  it("offers the three refusal reasons and enables 'Concluír' only once one is chosen", async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const conclude = within(dialog).getByRole("button", { name: "Concluír" });
    expect(conclude).toBeDisabled();

    await user.click(within(dialog).getByRole("radio", { name: "Recusar devolução" }));
    const reasons = within(dialog).getByRole("radiogroup", { name: "Motivo da recusa" });
    expect(within(reasons).getAllByRole("radio")).toHaveLength(3);
    expect(within(reasons).getAllByText(/^Produto/).map((label) => label.textContent)).toEqual([
      "Produto com sinais de uso",
      "Produto sem a nota fiscal",
      "Produto sem a caixa original",
    ]);
    for (const radio of within(reasons).getAllByRole("radio")) expect(radio).not.toBeChecked();
    expect(reasons).toHaveAccessibleDescription("Selecione o motivo da recusa.");
    expect(conclude).toBeDisabled();

    await user.click(within(reasons).getByRole("radio", { name: "Produto com sinais de uso" }));
    expect(conclude).toBeEnabled();
  });

  it("refuses with the reason's value ('all' for marks of use)", async () => {
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog();

    await user.click(within(dialog).getByRole("radio", { name: "Recusar devolução" }));
    await user.click(within(dialog).getByRole("radio", { name: "Produto com sinais de uso" }));
    await user.click(within(dialog).getByRole("button", { name: "Concluír" }));

    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(sent()).toEqual({
      url: "/api/return/update/ret-1",
      method: "PUT",
      body: { returnStatus: "Devolução recusada", reasonForRefusal: "all" },
    });
    expect(await screen.findByText("Devolução recusada com sucesso!")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("accepts without a reason, and going back from a refusal drops the reason", async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();

    await user.click(within(dialog).getByRole("radio", { name: "Recusar devolução" }));
    await user.click(within(dialog).getByRole("radio", { name: "Produto sem a nota fiscal" }));
    await user.click(within(dialog).getByRole("radio", { name: "Aceitar devolução" }));
    expect(within(dialog).queryByRole("radiogroup", { name: "Motivo da recusa" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Concluír" }));

    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(sent().body).toEqual({ returnStatus: "Devolvido em loja física" });
  });

  it("'Conferir produto': the box's EAN of a returned pair matches, each copy once; another product or a wrong check digit does not", async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog(vi.fn(), { ...pending, returnItems: [RUNNER_ITEM, RUNNER_ITEM, "MEIA ESPORTIVA 39 55566601"] });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/products/by-items", expect.anything()));
    const field = within(dialog).getByRole("textbox", { name: "Conferir produto" });

    await user.type(field, "7894821304200{Enter}");
    expect(await within(dialog).findByText(`Confere com a devolução: ${RUNNER_ITEM}`)).toBeInTheDocument();
    await user.type(field, "7894821304200{Enter}");
    expect(within(dialog).getByText("2 de 3 itens conferidos")).toBeInTheDocument();
    expect(within(dialog).getAllByLabelText("Conferido")).toHaveLength(2);
    await user.type(field, "7894821304200{Enter}");
    expect(within(dialog).getByText("Este item já foi conferido.")).toBeInTheDocument();
    await user.type(field, "7894821304101{Enter}");
    expect(within(dialog).getByText("Não confere: este produto não está nesta devolução.")).toBeInTheDocument();
    await user.type(field, "7894821304201{Enter}");
    expect(within(dialog).getByText("Código de barras inválido.")).toBeInTheDocument();
    // The check changes nothing on the server: only the decision does.
    expect(updates()).toHaveLength(0);
  });
});
