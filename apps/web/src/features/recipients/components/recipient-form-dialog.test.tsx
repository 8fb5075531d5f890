// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { Recipient } from "@passo/domain";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi, writes } from "@/testing/fake-api";
import { RecipientFormDialog } from "./recipient-form-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANA: Recipient = { id: "r-1", username: "Ana Supervisora", email: "ana@rede.com.br", role: "Supervisor" };

function openDialog(recipient: Recipient | null) {
  const onOpenChange = vi.fn();
  return { ...renderWithClient(<RecipientFormDialog recipient={recipient} open onOpenChange={onOpenChange} />), onOpenChange };
}

describe("Novo destinatário", () => {
  it("shows the domain's messages at each field", async () => {
    const calls = stubApi({});
    const { user } = openDialog(null);
    await user.type(await screen.findByLabelText("Nome"), "A");
    await user.click(screen.getByRole("button", { name: "Criar destinatário" }));

    expect(await screen.findByText("O nome de usuário deve ter pelo menos 2 caracteres.")).toBeInTheDocument();
    expect(screen.getByText("Insira o e-mail")).toBeInTheDocument();
    expect(screen.getByText("Por favor, selecione o cargo do usuário.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Cargo" })).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByLabelText("E-mail"), "ana@");
    await user.click(screen.getByRole("button", { name: "Criar destinatário" }));
    expect(await screen.findByText("Por favor, insira um e-mail válido.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("E-mail"), "outra-empresa.com");
    await user.click(screen.getByRole("button", { name: "Criar destinatário" }));
    expect(await screen.findByText("O e-mail precisa ser da Rede Exemplo")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("offers the four roles and creates the recipient", async () => {
    const calls = stubApi({
      "POST /api/recipients/create": [201, { message: "Destinatário criado com sucesso!", recipient: ANA }],
    });
    const { user, onOpenChange } = openDialog(null);
    await user.type(await screen.findByLabelText("Nome"), "Ana Supervisora");
    await user.type(screen.getByLabelText("E-mail"), "ana@rede.com.br");
    await user.click(screen.getByRole("combobox", { name: "Cargo" }));
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Supervisor",
      "Gerente",
      "Subgerente",
      "Usuário básico",
    ]);
    await user.click(screen.getByRole("option", { name: "Supervisor" }));
    await user.click(screen.getByRole("button", { name: "Criar destinatário" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        path: "/api/recipients/create",
        body: { username: "Ana Supervisora", email: "ana@rede.com.br", role: "Supervisor" },
      }),
    ]);
  });
});

describe("Editar destinatário", () => {
  it("sends every field trimmed", async () => {
    const calls = stubApi({
      "PUT /api/recipients/update/r-1": [200, { message: "Destinatário atualizado com sucesso!", recipient: ANA }],
    });
    const { user, onOpenChange } = openDialog(ANA);
    const name = await screen.findByLabelText("Nome");
    expect(name).toHaveValue("Ana Supervisora");
    expect(screen.getByRole("combobox", { name: "Cargo" })).toHaveTextContent("Supervisor");
    await user.clear(name);
    await user.type(name, "  Ana Souza  ");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/api/recipients/update/r-1",
        body: { username: "Ana Souza", email: "ana@rede.com.br", role: "Supervisor" },
      }),
    ]);
  });
});
