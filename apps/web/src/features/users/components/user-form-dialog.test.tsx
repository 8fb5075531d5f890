// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { User } from "@passo/domain";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi, writes } from "@/testing/fake-api";
import { DEFAULT_USER_PASSWORD, UserFormDialog } from "./user-form-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STORE_USER: User = { id: "u-1", username: "Loja Centro", email: "centro@rede.com.br", role: "Usuário básico" };

function openDialog(user: User | null, currentUserId?: string) {
  const onOpenChange = vi.fn();
  const rendered = renderWithClient(<UserFormDialog user={user} open onOpenChange={onOpenChange} currentUserId={currentUserId} />);
  return { ...rendered, onOpenChange };
}

const messageOf = (label: string | RegExp) => screen.getByLabelText(label).getAttribute("aria-describedby") ?? "";

describe("Novo usuário", () => {
  it("starts with the placeholder password, which can be changed, and the role Usuário básico", async () => {
    stubApi({});
    openDialog(null);
    const password = await screen.findByLabelText("Senha");
    expect(password).toHaveValue(DEFAULT_USER_PASSWORD);
    expect(DEFAULT_USER_PASSWORD.length).toBeGreaterThanOrEqual(8);
    expect(screen.getByText(`Senha inicial padrão: ${DEFAULT_USER_PASSWORD}. Você pode alterá-la.`)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Permissão" })).toHaveTextContent("Usuário básico");
  });

  it("shows the domain's messages at each field and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = openDialog(null);
    const password = await screen.findByLabelText("Senha");
    await user.clear(password);
    await user.type(password, "curta");
    await user.click(screen.getByRole("button", { name: "Criar usuário" }));

    expect(await screen.findByText("O nome de usuário deve ter pelo menos 2 caracteres.")).toBeInTheDocument();
    expect(screen.getByText("Insira o e-mail")).toBeInTheDocument();
    expect(screen.getByText("A senha deve ter pelo menos 8 caracteres")).toBeInTheDocument();
    expect(screen.getByLabelText("Nome de usuário")).toHaveAttribute("aria-invalid", "true");
    expect(messageOf("Senha")).toContain("user-password-error");

    await user.type(screen.getByLabelText("E-mail"), "não é e-mail");
    await user.click(screen.getByRole("button", { name: "Criar usuário" }));
    expect(await screen.findByText("Por favor, insira um e-mail válido.")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("E-mail"));
    await user.type(screen.getByLabelText("E-mail"), "loja@gmail.com");
    await user.click(screen.getByRole("button", { name: "Criar usuário" }));
    expect(await screen.findByText("O e-mail precisa ser da Rede Exemplo")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("creates the account, trimmed, with the e-mail in lower case, and closes", async () => {
    const calls = stubApi({
      "POST /api/users/create": [201, { message: "Usuário criado com sucesso!", user: { ...STORE_USER, id: "u-9" } }],
    });
    const { user, onOpenChange } = openDialog(null);
    await user.type(await screen.findByLabelText("Nome de usuário"), "  Loja Norte ");
    await user.type(screen.getByLabelText("E-mail"), " Norte@Rede.com.br ");
    await user.click(screen.getByRole("combobox", { name: "Permissão" }));
    await user.click(screen.getByRole("option", { name: "Administrador" }));
    await user.click(screen.getByRole("button", { name: "Criar usuário" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/api/users/create",
        body: { username: "Loja Norte", email: "norte@rede.com.br", password: DEFAULT_USER_PASSWORD, role: "Administrador" },
      }),
    ]);
  });
});

describe("Editar usuário", () => {
  it("keeps the username read-only and the password when left blank", async () => {
    const calls = stubApi({
      "PUT /api/users/update/u-1": [200, { message: "Usuário atualizado com sucesso!", user: STORE_USER }],
    });
    const { user, onOpenChange } = openDialog(STORE_USER);
    const username = await screen.findByLabelText("Nome de usuário");
    expect(username).toHaveValue("Loja Centro");
    expect(username).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Senha")).toHaveValue("");

    await user.clear(screen.getByLabelText("E-mail"));
    await user.type(screen.getByLabelText("E-mail"), "centro.novo@rede.com.br");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/api/users/update/u-1",
        body: { username: "Loja Centro", email: "centro.novo@rede.com.br", role: "Usuário básico" },
      }),
    ]);
  });

  it("lets the administrator require the customer's signature at a store's counter", async () => {
    const calls = stubApi({
      "PUT /api/users/update/u-1": [200, { message: "Usuário atualizado com sucesso!", user: STORE_USER }],
    });
    const { user, onOpenChange } = openDialog(STORE_USER);
    const box = await screen.findByRole("checkbox", { name: "Exigir assinatura na retirada" });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([expect.objectContaining({ method: "PUT", path: "/api/users/update/u-1", body: expect.objectContaining({ requireSignature: true }) })]);
  });

  it("applies the same rules to a new password and e-mail", async () => {
    const calls = stubApi({});
    const { user } = openDialog(STORE_USER);
    await user.type(await screen.findByLabelText("Senha"), "1234");
    await user.clear(screen.getByLabelText("E-mail"));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("A senha deve ter pelo menos 8 caracteres")).toBeInTheDocument();
    expect(screen.getByText("Insira o e-mail")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("does not let administrators change their own permission", async () => {
    stubApi({});
    const self: User = { id: "a-1", username: "Administrador", email: "admin@rede.com.br", role: "Administrador" };
    openDialog(self, "a-1");
    const role = await screen.findByRole("combobox", { name: "Permissão" });
    expect(role).toBeDisabled();
    expect(within(screen.getByRole("dialog")).getByText("Você não pode alterar a sua própria permissão.")).toBeInTheDocument();
  });
});
