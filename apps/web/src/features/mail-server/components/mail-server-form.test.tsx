// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { MAIL_SERVER_MESSAGES, type MailServer } from "@passo/domain";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi, writes } from "@/testing/fake-api";
import { MailServerForm } from "./mail-server-form";
import { MailServerSettings } from "./mail-server-settings";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMPTY: MailServer = {
  id: "s-1",
  host: "",
  port: "",
  secure: false,
  user: "",
  hasPassword: false,
  passwordUnreadable: false,
  notifyCustomerPickupReady: true,
  notifyCustomerPickupCollected: true,
  notifyCustomerReturn: true,
  emailBodyRetentionDays: 90,
};
const CONFIGURED: MailServer = { ...EMPTY, host: "smtp.rede.com.br", port: "587", user: "avisos@rede.com.br", hasPassword: true };
const PASSWORD = "abcdEFGH12345678";

const save = () => screen.getByRole("button", { name: "Salvar" });

describe("Serviço de notificação", () => {
  it("requires every field, the password while none is stored", async () => {
    const calls = stubApi({});
    const { user } = renderWithClient(<MailServerForm settings={EMPTY} />);
    await user.click(save());

    expect(await screen.findByText("O endereço do servidor é obrigatório.")).toBeInTheDocument();
    expect(screen.getByText("O número da porta deve ser entre 1 e 999.")).toBeInTheDocument();
    expect(screen.getByText("O usuário é obrigatório.")).toBeInTheDocument();
    expect(screen.getByText("A senha é obrigatória.")).toBeInTheDocument();
    expect(screen.queryByText(/Senha salva/)).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("checks the host, the port, the user's e-mail and the password's form", async () => {
    const calls = stubApi({});
    const { user } = renderWithClient(<MailServerForm settings={EMPTY} />);
    await user.type(screen.getByLabelText("Servidor (host)"), "mail.rede.com.br");
    await user.type(screen.getByLabelText("Porta"), "0");
    await user.type(screen.getByLabelText("Usuário"), "avisos");
    await user.type(screen.getByLabelText("Senha"), "curta-demais!");
    await user.click(save());

    expect(await screen.findByText("Host inválido. Ex: smtp.seudominio.com.br")).toBeInTheDocument();
    expect(screen.getByText("O número da porta deve ser entre 1 e 999.")).toBeInTheDocument();
    expect(screen.getByText("E-mail inválido.")).toBeInTheDocument();
    expect(screen.getByText("A senha deve ter pelo menos 16 caracteres, apenas letras e números.")).toBeInTheDocument();
    expect(screen.getByLabelText("Porta")).toHaveAttribute("maxLength", "3");
    expect(writes(calls)).toEqual([]);
  });

  it("saves, then empties the password field and says a password is saved", async () => {
    const calls = stubApi({
      "GET /api/service-notification/get": [200, { serviceNotification: [EMPTY] }],
      "PUT /api/service-notification/update/s-1": [
        200,
        { message: "Serviço de notificação atualizado com sucesso!", serviceNotification: { ...CONFIGURED, secure: true } },
      ],
    });
    const { user } = renderWithClient(<MailServerSettings />);
    await user.type(await screen.findByLabelText("Servidor (host)"), "smtp.rede.com.br");
    await user.type(screen.getByLabelText("Porta"), "465");
    await user.type(screen.getByLabelText("Usuário"), "avisos@rede.com.br");
    await user.type(screen.getByLabelText("Senha"), PASSWORD);
    await user.click(screen.getByRole("switch", { name: "Conexão segura (SSL/TLS)" }));
    await user.click(screen.getByRole("switch", { name: "Enviar e-mail ao cliente quando o pedido for retirado" }));
    await user.click(save());

    await waitFor(() => expect(screen.getByLabelText("Senha")).toHaveValue(""));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/api/service-notification/update/s-1",
        body: {
          host: "smtp.rede.com.br",
          port: "465",
          user: "avisos@rede.com.br",
          pass: PASSWORD,
          secure: true,
          notifyCustomerPickupReady: true,
          notifyCustomerPickupCollected: false,
          notifyCustomerReturn: true,
          emailBodyRetentionDays: 90,
        },
      }),
    ]);
    expect(screen.getByText("Senha salva. Deixe em branco para mantê-la, ou digite uma nova.")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Conexão segura (SSL/TLS)" })).toBeChecked();
  });

  it("keeps the stored password when the field is left blank", async () => {
    const calls = stubApi({
      "PUT /api/service-notification/update/s-1": [200, { message: "Serviço de notificação atualizado com sucesso!", serviceNotification: CONFIGURED }],
    });
    const { user } = renderWithClient(<MailServerForm settings={CONFIGURED} />);
    expect(screen.getByText(/^Senha salva/)).toBeInTheDocument();
    expect(screen.getByLabelText("Servidor (host)")).toHaveValue("smtp.rede.com.br");
    expect(screen.getByLabelText("Senha")).toHaveValue("");
    await user.click(save());

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).not.toHaveProperty("pass");
    expect(screen.queryByText("A senha é obrigatória.")).not.toBeInTheDocument();

    // A new one must still have the right form.
    await user.type(screen.getByLabelText("Senha"), "123");
    await user.click(save());
    expect(await screen.findByText("A senha deve ter pelo menos 16 caracteres, apenas letras e números.")).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(1);
  });

  it("asks for the password again when the stored one can no longer be read (ENCRYPTION_KEY changed)", async () => {
    const calls = stubApi({
      "PUT /api/service-notification/update/s-1": [200, { message: "Serviço de notificação atualizado com sucesso!", serviceNotification: CONFIGURED }],
    });
    const { user } = renderWithClient(<MailServerForm settings={{ ...CONFIGURED, passwordUnreadable: true }} />);
    expect(screen.getByRole("status")).toHaveTextContent(MAIL_SERVER_MESSAGES.passwordUnreadable);
    expect(screen.queryByText(/^Senha salva/)).not.toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText("A senha é obrigatória.")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.type(screen.getByLabelText("Senha"), PASSWORD);
    await user.click(save());
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toMatchObject({ pass: PASSWORD });
  });

  it("keeps sent e-mails' bodies for the days typed, 1 to 3650, and refuses any other number", async () => {
    const calls = stubApi({
      "PUT /api/service-notification/update/s-1": [200, { message: "Serviço de notificação atualizado com sucesso!", serviceNotification: { ...CONFIGURED, emailBodyRetentionDays: 30 } }],
    });
    const { user } = renderWithClient(<MailServerForm settings={CONFIGURED} />);
    const days = screen.getByLabelText("Apagar o conteúdo dos e-mails enviados após (dias)");
    expect(days).toHaveValue("90");
    await user.clear(days);
    await user.type(days, "0");
    await user.click(save());
    expect(await screen.findByText("Informe um número de dias entre 1 e 3650.")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.clear(days);
    await user.type(days, "30");
    await user.click(save());
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(expect.objectContaining({ body: expect.objectContaining({ emailBodyRetentionDays: 30 }) }));
  });
});
