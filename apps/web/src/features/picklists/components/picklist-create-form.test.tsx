// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi } from "@/testing/fake-api";
import { RUNNER_41, RUNNER_42, RUNNER_42_ITEM } from "@/testing/products";
import { PicklistCreateForm } from "./picklist-create-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STORE = { id: "u-1", username: "Loja Centro", email: "centro@rede.com.br", role: "Usuário básico", requireSignature: false, requireStaffPin: false };

describe("'Criar nova lista' with the catalog", () => {
  it("sends the typed items as they are and the picked product as a line with its quantity; refused, the form keeps both", async () => {
    const calls = stubApi({
      "GET /api/users/get": [200, { users: [STORE] }],
      "GET /api/products/by-code/7894821304200": [200, { product: RUNNER_42 }],
      "GET /api/products/get": [200, { products: [RUNNER_41, RUNNER_42], total: 2 }],
      "POST /api/picklist/create": [400, { error: "Recusado no teste." }],
    });
    const { user } = renderWithClient(<PicklistCreateForm />);

    await user.click(screen.getByRole("combobox", { name: "Loja de destino" }));
    await user.click(await screen.findByRole("option", { name: "Loja Centro" }));
    await user.click(screen.getByRole("textbox", { name: "Adicionar produtos" }));
    await user.paste("MEIA ESPORTIVA 39 55566601");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    // A scanner types fast: the code arrives whole, then Enter.
    await user.click(screen.getByRole("combobox", { name: "Buscar produto do catálogo" }));
    await user.paste("7894821304200");
    await user.keyboard("{Enter}");
    const quantity = await screen.findByRole("textbox", { name: "Quantidade" });
    await user.clear(quantity);
    await user.type(quantity, "12");
    await user.click(screen.getByRole("button", { name: "Incluir" }));
    expect(screen.getByRole("list", { name: "Produtos escolhidos" })).toHaveTextContent(`12 × ${RUNNER_42_ITEM}`);

    await user.click(screen.getByRole("button", { name: "Criar Lista" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/picklist/create")).toBe(true));
    expect(calls.find((c) => c.path === "/api/picklist/create")?.body).toEqual({
      sender: "E-commerce",
      destination: "Loja Centro",
      listItems: ["MEIA ESPORTIVA 39 55566601"],
      lines: [{ code: "48213042", quantity: 12 }],
    });
    // Refused: the form keeps what was typed and picked.
    expect(screen.getByRole("list", { name: "Produtos escolhidos" })).toHaveTextContent(`12 × ${RUNNER_42_ITEM}`);
  }, 15_000);

  it("a line from the catalog alone is enough: 'Criar Lista' is enabled and the list goes with no typed item", async () => {
    const calls = stubApi({
      "GET /api/users/get": [200, { users: [STORE] }],
      "GET /api/products/by-code/48213042": [200, { product: RUNNER_42 }],
      "GET /api/products/get": [200, { products: [RUNNER_42], total: 1 }],
      "POST /api/picklist/create": [400, { error: "Recusado no teste." }],
    });
    const { user } = renderWithClient(<PicklistCreateForm />);
    const create = screen.getByRole("button", { name: "Criar Lista" });
    expect(create).toBeDisabled();
    await user.click(screen.getByRole("combobox", { name: "Loja de destino" }));
    await user.click(await screen.findByRole("option", { name: "Loja Centro" }));
    await user.click(screen.getByRole("combobox", { name: "Buscar produto do catálogo" }));
    await user.paste("48213042");
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("button", { name: "Incluir" }));
    expect(create).toBeEnabled();

    await user.click(create);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/picklist/create")).toBe(true));
    expect(calls.find((c) => c.path === "/api/picklist/create")?.body).toEqual({
      sender: "E-commerce",
      destination: "Loja Centro",
      listItems: [],
      lines: [{ code: "48213042", quantity: 1 }],
    });
  }, 15_000);
});
