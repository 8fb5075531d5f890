// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { StoreRule } from "@passo/domain";
import { cleanup, screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi, writes, type ApiCall } from "@/testing/fake-api";
import { StoreRuleFormDialog } from "./store-rule-form-dialog";

const RULE: StoreRule = {
  id: "n-1",
  store: "Loja Sul",
  supervisor: "Ana",
  manager: "Bruno",
  assistantManager: "Carla",
  notificationPicklist: true,
  notificationPickup: false,
  notificationReturn: true,
};

let calls: ApiCall[] = [];

beforeEach(() => {
  calls = stubApi({
    "GET /api/users/get": [
      200,
      {
        users: [
          { id: "1", username: "Loja Norte", email: "norte@rede.com.br", role: "Usuário básico", requireSignature: false, requireStaffPin: false },
          { id: "2", username: "Loja Sul", email: "sul@rede.com.br", role: "Usuário básico", requireSignature: false, requireStaffPin: false },
          { id: "3", username: "Loja Centro", email: "centro@rede.com.br", role: "Usuário básico", requireSignature: false, requireStaffPin: false },
        ],
      },
    ],
    "GET /api/notifications/get": [200, { notifications: [RULE] }],
    "GET /api/recipients/get": [
      200,
      {
        recipients: [
          { id: "r1", username: "Ana", email: "ana@rede.com.br", role: "Supervisor" },
          { id: "r2", username: "Bruno", email: "bruno@rede.com.br", role: "Gerente" },
          { id: "r3", username: "Carla", email: "carla@rede.com.br", role: "Subgerente" },
          { id: "r4", username: "Davi", email: "davi@rede.com.br", role: "Supervisor" },
        ],
      },
    ],
    "POST /api/notifications/create": [201, { message: "Notificação criada com sucesso!", notification: RULE }],
    "PUT /api/notifications/update/n-1": [200, { message: "Notificação atualizada com sucesso!", notification: RULE }],
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openDialog(rule: StoreRule | null) {
  const onOpenChange = vi.fn();
  return { ...renderWithClient(<StoreRuleFormDialog rule={rule} open onOpenChange={onOpenChange} />), onOpenChange };
}

/** Opens a picker and lists its options, once `known` (one of them) has loaded. */
async function optionsOf(user: UserEvent, picker: string, known: string) {
  await user.click(screen.getByRole("combobox", { name: picker }));
  await screen.findByRole("option", { name: known });
  return screen.getAllByRole("option").map((option) => option.textContent);
}

async function pick(user: UserEvent, picker: string, name: string) {
  await user.click(screen.getByRole("combobox", { name: picker }));
  await user.click(await screen.findByRole("option", { name }));
}

describe("Nova notificação", () => {
  it("requires a store, a supervisor and a manager, with the domain's messages", async () => {
    const { user } = openDialog(null);
    await user.click(screen.getByRole("button", { name: "Criar notificação" }));

    expect(await screen.findByText("Selecione uma Loja")).toBeInTheDocument();
    expect(screen.getByText("Selecione um Supervisor")).toBeInTheDocument();
    expect(screen.getByText("Selecione um Gerente")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Loja" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("combobox", { name: "Subgerente (opcional)" })).not.toHaveAttribute("aria-invalid");
    expect(writes(calls)).toEqual([]);
  });

  it("offers stores without a rule and recipients of the matching role, and creates the rule", async () => {
    const { user, onOpenChange } = openDialog(null);
    expect(await optionsOf(user, "Loja", "Loja Norte")).toEqual(["Loja Centro", "Loja Norte"]);
    await user.click(screen.getByRole("option", { name: "Loja Norte" }));
    expect(await optionsOf(user, "Supervisor", "Davi")).toEqual(["Ana", "Davi"]);
    await user.click(screen.getByRole("option", { name: "Davi" }));
    await pick(user, "Gerente", "Bruno");
    await user.click(screen.getByRole("switch", { name: "Retirada em loja" }));
    await user.click(screen.getByRole("button", { name: "Criar notificação" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/api/notifications/create",
        body: {
          store: "Loja Norte",
          supervisor: "Davi",
          manager: "Bruno",
          assistantManager: null,
          notificationPicklist: true,
          notificationPickup: false,
          notificationReturn: true,
        },
      }),
    ]);
  });
});

describe("Editar notificação", () => {
  it("starts from the rule and removes the assistant manager with 'Nenhum'", async () => {
    const { user, onOpenChange } = openDialog(RULE);
    expect(screen.getByRole("combobox", { name: "Loja" })).toHaveTextContent("Loja Sul");
    expect(screen.getByRole("switch", { name: "Retirada em loja" })).not.toBeChecked();
    await pick(user, "Subgerente (opcional)", "Nenhum");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/api/notifications/update/n-1",
        body: expect.objectContaining({ store: "Loja Sul", assistantManager: null, notificationPickup: false }),
      }),
    ]);
  });
});
