// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createQueryClient } from "@/lib/query-client";
import { Toaster } from "@/components/ui/sonner";

import type { ReturnRecord } from "../api/get-returns";
import { ReturnCompleteDialog } from "./return-complete-dialog";

const received: ReturnRecord = {
  id: "ret-2",
  dateOfCreation: "2025-03-01T13:00:00.000Z",
  orderNumber: "PED0000000000002",
  customerCPF: "52998224725",
  customerFullName: "João Lima",
  customerPhone: "(41) 99999-9999",
  customerEmail: "joao@cliente.com",
  returnItems: ["BOTA 38 76543201"],
  returnStatus: "Devolvido em loja física",
  reasonForRefusal: "",
  returnStore: "Loja Centro",
  dateOfReturn: "2025-03-02T13:00:00.000Z",
  dateOfTransfer: null,
  transferNumber: null,
  receivedBy: null,
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ message: "Devolução concluída com sucesso!", return: received }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReturnCompleteDialog returnOrder={received} open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole("dialog", { name: "Concluir devolução em loja físisca" }), onOpenChange };
}

describe("ReturnCompleteDialog", () => {
  it("enables 'Concluir' only while the transfer number contains a run of six digits", async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const input = within(dialog).getByRole("textbox", { name: "Número da transferência" });
    const conclude = within(dialog).getByRole("button", { name: "Concluir" });
    expect(input).toHaveAccessibleDescription("O número da transferência deve conter 6 dígitos.");
    expect(conclude).toBeDisabled();

    const cases: [string, boolean][] = [
      ["12345", false],
      ["12 34 56", false],
      ["TR-12345-6", false],
      ["123456", true],
      ["TR123456", true],
      ["NF 0012345678 loja", true],
    ];
    for (const [value, enabled] of cases) {
      await user.clear(input);
      await user.type(input, value);
      if (enabled) expect(conclude, value).toBeEnabled();
      else expect(conclude, value).toBeDisabled();
    }

    // Enter does not send a number the rule refuses.
    await user.clear(input);
    await user.type(input, "12345{Enter}");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("completes with the transfer number, trimmed, and closes", async () => {
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog();

    await user.type(within(dialog).getByRole("textbox", { name: "Número da transferência" }), "  TR123456 ");
    await user.click(within(dialog).getByRole("button", { name: "Concluir" }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/return/update/ret-2");
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body))).toEqual({ returnStatus: "Devolução concluída", transferNumber: "TR123456" });
    expect(await screen.findByText("Devolução concluída com sucesso!")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
