// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createQueryClient } from "@/lib/query-client";
import { Toaster } from "@/components/ui/sonner";

import { ReturnCreateForm } from "./return-create-form";

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ message: "Devolução criada com sucesso!", return: {} }), {
        status: 201,
        headers: { "content-type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReturnCreateForm />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("ReturnCreateForm", () => {
  it("shows each rule's message at its field and sends nothing", async () => {
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole("button", { name: "Criar Devolução" }));
    expect(await screen.findByRole("textbox", { name: "Número do pedido" })).toHaveAccessibleDescription(
      "Informe o número do pedido.",
    );
    expect(screen.getByRole("textbox", { name: "Nome do cliente" })).toHaveAccessibleDescription("Informe o nome do cliente.");
    expect(screen.getByRole("textbox", { name: "CPF" })).toHaveAccessibleDescription("Informe o CPF do cliente.");
    expect(screen.getByRole("textbox", { name: "Telefone" })).toHaveAccessibleDescription("Informe o telefone do cliente.");
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription("Informe o e-mail do cliente.");
    expect(screen.getByRole("textbox", { name: "Adicionar produtos" })).toHaveAccessibleDescription(
      "Informe ao menos um item no pedido.",
    );

    await user.type(screen.getByRole("textbox", { name: "Número do pedido" }), "123");
    await user.type(screen.getByRole("textbox", { name: "Nome do cliente" }), "Al");
    await user.type(screen.getByRole("textbox", { name: "CPF" }), "11111111111");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "sem-arroba");
    expect(screen.getByRole("textbox", { name: "Número do pedido" })).toHaveAccessibleDescription(
      "Número do pedido deve conter 16 caracteres.",
    );
    expect(screen.getByRole("textbox", { name: "Nome do cliente" })).toHaveAccessibleDescription(
      "O nome do cliente deve ter no mínimo 3 caracteres.",
    );
    expect(screen.getByRole("textbox", { name: "CPF" })).toHaveAccessibleDescription("CPF inválido.");
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription("Informe um e-mail válido.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("punctuates CPF and phone as typed, sends the return and starts over", async () => {
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByRole("textbox", { name: "Número do pedido" }), "PED0000000000001");
    await user.type(screen.getByRole("textbox", { name: "Nome do cliente" }), "  Maria Souza ");
    await user.type(screen.getByRole("textbox", { name: "CPF" }), "52998224725");
    expect(screen.getByRole("textbox", { name: "CPF" })).toHaveValue("529.982.247-25");
    await user.type(screen.getByRole("textbox", { name: "Telefone" }), "41999998888");
    expect(screen.getByRole("textbox", { name: "Telefone" })).toHaveValue("(41) 99999-8888");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "maria@cliente.com");
    await user.type(screen.getByRole("textbox", { name: "Adicionar produtos" }), "TENIS 40 12345601");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    await user.click(screen.getByRole("button", { name: "Criar Devolução" }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/return/create");
    expect(JSON.parse(String(init.body))).toEqual({
      orderNumber: "PED0000000000001",
      customerFullName: "Maria Souza",
      customerCPF: "52998224725",
      customerPhone: "(41) 99999-8888",
      customerEmail: "maria@cliente.com",
      returnItems: ["TENIS 40 12345601"],
    });
    expect(await screen.findByText("Devolução criada com sucesso!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Número do pedido" })).toHaveValue(""));
    expect(screen.getByText("Nenhum item adicionado.")).toBeInTheDocument();
  });
});
