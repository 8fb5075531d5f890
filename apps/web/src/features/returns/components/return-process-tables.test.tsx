// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createQueryClient } from "@/lib/query-client";

import type { ReturnRecord } from "../api/get-returns";
import { ReturnDialogsProvider } from "./return-dialogs-provider";
import { ReturnProcessTables } from "./return-process-tables";

const NOW = new Date("2025-06-15T15:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;

function pendingReturn(orderNumber: string, ageMs: number): ReturnRecord {
  return {
    id: orderNumber,
    dateOfCreation: new Date(NOW.getTime() - ageMs).toISOString(),
    orderNumber,
    customerCPF: "52998224725",
    customerFullName: "Maria Souza",
    customerPhone: "(41) 99999-9999",
    customerEmail: "maria@cliente.com",
    returnItems: ["TENIS 40 12345601"],
    returnStatus: "Devolução pendente",
    reasonForRefusal: "",
    returnStore: null,
    dateOfReturn: null,
    dateOfTransfer: null,
    transferNumber: null,
    receivedBy: null,
  };
}

const rows = [
  pendingReturn("PED-31-DIAS-0001", 31 * DAY_MS),
  pendingReturn("PED-30-DIAS-0002", 30 * DAY_MS - 60_000),
  pendingReturn("PED-HOJE-0000003", 60_000),
];
const requested: URL[] = [];

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  requested.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const parsed = new URL(url, "http://localhost");
      requested.push(parsed);
      const pending = parsed.searchParams.get("status") === "Devolução pendente";
      const body = pending ? { returns: rows, total: rows.length } : { returns: [], total: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function rowOf(order: string) {
  const row = screen.getByText(order).closest("tr");
  if (!row) throw new Error(`no row for ${order}`);
  return row;
}

describe("ReturnProcessTables", () => {
  it("asks the server for one page of each status and shows the empty text of the received table", async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReturnDialogsProvider>
          <ReturnProcessTables />
        </ReturnDialogsProvider>
      </QueryClientProvider>,
    );

    expect(await screen.findByText("PED-31-DIAS-0001")).toBeInTheDocument();
    expect(await screen.findByText("Nenhuma devolução.")).toBeInTheDocument();
    expect(requested.map((url) => [url.pathname, url.searchParams.getAll("status"), url.searchParams.get("page"), url.searchParams.get("pageSize")])).toEqual(
      expect.arrayContaining([
        ["/api/return/get", ["Devolução pendente"], "1", "8"],
        ["/api/return/get", ["Devolvido em loja física"], "1", "8"],
      ]),
    );
  });

  it("shows a return-order date older than 30 days in red and only then enables 'Confirmar Expiração'", async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReturnDialogsProvider>
          <ReturnProcessTables />
        </ReturnDialogsProvider>
      </QueryClientProvider>,
    );

    await screen.findByText("PED-31-DIAS-0001");
    const old = rowOf("PED-31-DIAS-0001");
    expect(within(old).getByText(/há mais de 30 dias/).parentElement).toHaveClass("text-destructive");
    expect(within(old).getByRole("button", { name: "Confirmar Expiração" })).toBeEnabled();

    for (const order of ["PED-30-DIAS-0002", "PED-HOJE-0000003"]) {
      const row = rowOf(order);
      expect(within(row).queryByText(/há mais de 30 dias/)).not.toBeInTheDocument();
      expect(within(row).getByRole("button", { name: "Confirmar Expiração" })).toBeDisabled();
    }
  });
});
