// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { renderWithClient, stubApi, type ApiCall } from "@/testing/fake-api";

import type { AuditLogEntry } from "../api/get-audit-log";
import { AuditLogReport } from "./audit-log-report";

const ACTORS = [
  { id: "u-admin", username: "Administrador", role: "Administrador", removed: false },
  { id: "u-loja", username: "Loja Centro", role: "Usuário básico", removed: false },
  { id: "u-fechada", username: "Loja Fechada", role: "Usuário básico", removed: true },
  { id: "k-1", username: "Plataforma", role: "Chave de API", removed: false },
  { id: "k-0", username: "ERP antigo", role: "Chave de API", removed: true },
];

const ENTRIES: AuditLogEntry[] = [
  {
    id: "e-3",
    at: "2026-11-24T03:30:00.000Z",
    actor: { id: "u-admin", username: "Administrador", role: "Administrador" },
    action: "update",
    entity: "recipient",
    entityId: "8c0f3b1e-0000-4000-8000-000000000001",
    label: "Ana Souza",
    changes: { username: { from: "Ana Supervisora", to: "Ana Souza" } },
  },
  {
    id: "e-2",
    at: "2026-11-23T12:00:00.000Z",
    actor: { id: "k-1", username: "Plataforma", role: "Chave de API" },
    action: "create",
    entity: "picklist",
    entityId: "8c0f3b1e-0000-4000-8000-000000000002",
    label: "Loja Centro",
    changes: { destination: "Loja Centro", listItems: ["BOTA 38"] },
  },
  {
    id: "e-1",
    at: "2026-11-22T17:05:09.000Z",
    actor: null,
    action: "update",
    entity: "deadlines",
    entityId: "5e771a9b-0000-4000-8000-000000000003",
    label: null,
    changes: { overdueDays: { from: 15, to: 20 } },
  },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(): ApiCall[] {
  return stubApi({
    "GET /api/audit/actors": [200, { actors: ACTORS }],
    "GET /api/audit/get": (call) => {
      const entity = call.query.get("entity");
      const entries = entity ? ENTRIES.filter((entry) => entry.entity === entity) : ENTRIES;
      const user = call.query.get("user");
      const shown = user ? entries.filter((entry) => entry.actor?.id === user) : entries;
      return [200, { entries: shown, total: shown.length, page: Number(call.query.get("page")), pageSize: Number(call.query.get("pageSize")) }];
    },
  });
}

const rows = () => within(screen.getByRole("table", { name: "Relatório de alterações" })).getAllByRole("row").slice(1);

describe("'Relatório de alterações'", () => {
  it("shows each change: when, who, the kind of record in Portuguese, the record, the action and what changed", async () => {
    serve();
    renderWithClient(<AuditLogReport />);
    expect(await screen.findByText("Plataforma (chave de API)")).toBeInTheDocument();
    const [edit, created, system] = rows();
    expect(edit).toHaveTextContent("24/11/2026 00:30:00");
    expect(edit).toHaveTextContent("Administrador");
    expect(edit).toHaveTextContent("Destinatário");
    expect(edit).toHaveTextContent("Edição");
    expect(edit).toHaveTextContent("Nome: Ana Supervisora → Ana Souza");
    expect(created).toHaveTextContent("Plataforma (chave de API)");
    expect(created).toHaveTextContent("Lista de separação");
    expect(created).toHaveTextContent("Criação");
    expect(created).toHaveTextContent("Loja: Loja Centro");
    expect(created).toHaveTextContent("Itens: BOTA 38");
    expect(system).toHaveTextContent("Sistema");
    expect(system).toHaveTextContent("Prazos");
    expect(system).toHaveTextContent("5e771a9b");
    expect(system).toHaveTextContent("Prazo de retirada (dias): 15 → 20");
  });

  it("asks the server for the chosen kind of record and user on 'Buscar', and says when nothing matches", async () => {
    const calls = serve();
    const { user } = renderWithClient(<AuditLogReport />);
    await screen.findByText("Plataforma (chave de API)");

    await user.click(screen.getByRole("combobox", { name: "Tipo de registro" }));
    await user.click(screen.getByRole("option", { name: "Destinatário" }));
    await user.click(screen.getByRole("combobox", { name: "Usuário" }));
    await user.click(await screen.findByRole("option", { name: "Loja Centro" }));
    await user.click(screen.getByRole("button", { name: "Buscar" }));

    expect(await screen.findByText("Nenhuma alteração encontrada.")).toBeInTheDocument();
    const last = calls.filter((call) => call.path === "/api/audit/get").at(-1)!;
    expect(Object.fromEntries(last.query)).toMatchObject({ entity: "recipient", user: "u-loja", page: "1" });

    await user.click(screen.getByRole("button", { name: "Limpar Filtros" }));
    expect(await screen.findByText("Plataforma (chave de API)")).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
  });

  it("offers other systems' API keys in the user filter, named as the log names them", async () => {
    const calls = serve();
    const { user } = renderWithClient(<AuditLogReport />);
    await screen.findByText("Plataforma (chave de API)");

    await user.click(screen.getByRole("combobox", { name: "Usuário" }));
    await user.click(await screen.findByRole("option", { name: "Plataforma (chave de API)" }));
    await user.click(screen.getByRole("button", { name: "Buscar" }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent("Lista de separação");
    const last = calls.filter((call) => call.path === "/api/audit/get").at(-1)!;
    expect(last.query.get("user")).toBe("k-1");
  });

  it("offers the users deleted and the keys revoked whose changes the log keeps, marked so", async () => {
    const calls = serve();
    const { user } = renderWithClient(<AuditLogReport />);
    await screen.findByText("Plataforma (chave de API)");

    await user.click(screen.getByRole("combobox", { name: "Usuário" }));
    expect(await screen.findByRole("option", { name: "ERP antigo (chave de API revogada)" })).toBeInTheDocument();
    await user.click(screen.getByRole("option", { name: "Loja Fechada (excluído)" }));
    await user.click(screen.getByRole("button", { name: "Buscar" }));

    expect(await screen.findByText("Nenhuma alteração encontrada.")).toBeInTheDocument();
    const last = calls.filter((call) => call.path === "/api/audit/get").at(-1)!;
    expect(last.query.get("user")).toBe("u-fechada");
  });
});
