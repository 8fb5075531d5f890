// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { AuditEntry } from "../api/get-audit-history";
import { AuditHistoryButton } from "./audit-history-dialog";

const ENTRIES: AuditEntry[] = [
  {
    id: "e-1",
    at: "2026-11-22T17:05:09.000Z",
    actor: { id: "u-admin", username: "Administrador", role: "Administrador" },
    action: "create",
    changes: { orderNumber: "1234567890123456", pickupStatus: "Em trânsito", customerCPF: "***.***.247-25" },
  },
  {
    id: "e-2",
    at: "2026-11-23T12:00:00.000Z",
    actor: { id: "u-loja", username: "Loja Centro", role: "Usuário básico" },
    action: "confirm-receipt",
    changes: {
      pickupStatus: { from: "Em trânsito", to: "Aguardando retirada" },
      orderReceivedAtStoreDate: { from: null, to: "2026-11-23T12:00:00.000Z" },
    },
  },
  {
    id: "e-3",
    at: "2026-11-24T03:30:00.000Z",
    actor: null,
    action: "update",
    changes: { authorizedThirdPartyPickup: { from: false, to: true }, orderItems: { from: ["BOTA 38"], to: ["BOTA 38", "TENIS 40"] } },
  },
];

const NOTIFICATIONS = [
  {
    id: "n-1",
    kind: "pickup-customer-reminder",
    to: ["maria@example.com"],
    subject: "Seu pedido 1234567890123456 aguarda a retirada",
    status: "sent",
    attempts: 1,
    lastError: null,
    nextAttemptAt: "2026-11-26T12:00:05.000Z",
    createdAt: "2026-11-26T12:00:00.000Z",
    sentAt: "2026-11-26T12:00:05.000Z",
  },
];

let requested: string[] = [];
let answer: { status: number; body: unknown };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  requested = [];
  answer = { status: 200, body: { entries: ENTRIES } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const path = new URL(input, "http://localhost").pathname;
      requested.push(path);
      if (path.startsWith("/api/notification-outbox/record/")) return json(200, { notifications: NOTIFICATIONS });
      return json(answer.status, answer.body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuditHistoryButton entity="pickup" id="p-1" orderNumber="1234567890123456" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function openHistory() {
  const user = renderButton();
  expect(requested).toEqual([]);
  await user.click(screen.getByRole("button", { name: "Histórico de alterações do pedido 1234567890123456" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Histórico de alterações" }) };
}

describe("AuditHistoryButton", () => {
  it("opens the record's history: each change with its pt-BR date and time, who made it and the fields that changed", async () => {
    const { dialog } = await openHistory();
    expect(requested).toEqual(["/api/audit/pickup/p-1", "/api/notification-outbox/record/p-1"]);
    const sent = await within(dialog).findByRole("list", { name: "Notificações enviadas" });
    expect(within(sent).getByText("Cliente: lembrete automático de retirada")).toBeInTheDocument();
    expect(within(sent).getByText("Para: maria@example.com")).toBeInTheDocument();
    expect(within(sent).getByText("Enviado em 26/11/2026 09:00:05")).toBeInTheDocument();
    expect(within(dialog).getByText("Pedido 1234567890123456")).toBeInTheDocument();

    const items = await within(dialog).findAllByRole("listitem");
    const entries = items.filter((item) => item.parentElement?.getAttribute("aria-label") === "Alterações");
    expect(entries).toHaveLength(3);

    expect(entries[0]).toHaveTextContent("Criação");
    expect(entries[0]).toHaveTextContent("22/11/2026 14:05:09");
    expect(entries[0]).toHaveTextContent("por Administrador");

    expect(entries[1]).toHaveTextContent("Recebimento confirmado");
    expect(entries[1]).toHaveTextContent("23/11/2026 09:00:00");
    expect(entries[1]).toHaveTextContent("por Loja Centro");
    expect(entries[1]).toHaveTextContent("Status: Em trânsito → Aguardando retirada");
    expect(entries[1]).toHaveTextContent("Recebimento na loja: — → 23/11/2026 09:00:00");

    expect(entries[2]).toHaveTextContent("Edição");
    expect(entries[2]).toHaveTextContent("24/11/2026 00:30:00");
    expect(entries[2]).toHaveTextContent("por Sistema");
    expect(entries[2]).toHaveTextContent("Retirada por terceiro: Não → Sim");
    expect(entries[2]).toHaveTextContent("Itens: BOTA 38 → BOTA 38, TENIS 40");
  });

  it("names who collected an order and who handed it over", async () => {
    answer = {
      status: 200,
      body: {
        entries: [
          {
            id: "e-4",
            at: "2026-11-25T15:00:00.000Z",
            actor: { id: "u-loja", username: "Loja Centro", role: "Usuário básico" },
            action: "confirm-pickup",
            changes: { collectedBy: { from: null, to: "thirdParty" }, handedOverBy: { from: null, to: "Loja Centro" } },
          },
        ],
      },
    };
    const { dialog } = await openHistory();
    const entry = await within(dialog).findByText(/Retirado por/);
    expect(entry.closest("li")).toHaveTextContent("Retirado por: — → Terceiro autorizado");
    expect(within(dialog).getByText(/Entregue por/).closest("li")).toHaveTextContent("Entregue por: — → Loja Centro");
  });

  it("says so when nothing was recorded", async () => {
    answer = { status: 200, body: { entries: [] } };
    const { dialog } = await openHistory();
    expect(await within(dialog).findByText("Nenhuma alteração registrada.")).toBeInTheDocument();
  });

  it("says so when the history cannot be read", async () => {
    answer = { status: 403, body: { error: "Você não tem permissão para realizar esta ação." } };
    const { dialog } = await openHistory();
    expect(await within(dialog).findByText("Não foi possível carregar o histórico. Tente novamente.")).toBeInTheDocument();
  });
});
