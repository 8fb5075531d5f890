// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { EmailTemplate } from "@passo/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi, writes, type ApiCall } from "@/testing/fake-api";
import { EmailTemplateEditor } from "./email-template-editor";

const TEMPLATE: EmailTemplate = {
  id: "t-1",
  type: "Notificação",
  title: "Retirada em loja",
  description: "Pedido {{orderNumber}} editado",
  content: "<p>Versão editada para {{customerFullName}}</p>",
};
const SHIPPED = {
  type: "Notificação",
  title: "Retirada em loja",
  description: "Seu pedido {{orderNumber}} está pronto para retirada",
  content: "<h2>{{companyName}}</h2><p>Olá, {{customerFullName}}!</p>",
};

const AUTOMATIC: EmailTemplate = {
  id: "t-2",
  type: "Escalonamento",
  title: "Retirada em loja",
  description: "Pedido {{orderNumber}} parado",
  content: "<p>{{daysWaiting}} dias</p>",
};

let calls: ApiCall[] = [];
beforeEach(() => {
  calls = stubApi({
    "GET /api/template-email/defaults": [200, { templateEmails: [{ ...SHIPPED, type: "Alerta", description: "outro", content: "outro" }, SHIPPED] }],
    "PUT /api/template-email/update/t-1": [200, { message: "Modelo de e-mail atualizado com sucesso!", templateEmail: TEMPLATE }],
    "PUT /api/template-email/automatic/update/t-2": [200, { message: "Modelo de e-mail atualizado com sucesso!", templateEmail: AUTOMATIC }],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openEditor() {
  const onOpenChange = vi.fn();
  return { ...renderWithClient(<EmailTemplateEditor template={TEMPLATE} open onOpenChange={onOpenChange} />), onOpenChange };
}

const previewHtml = () => screen.getByTitle("Pré-visualização do e-mail").getAttribute("srcdoc") ?? "";

describe("EmailTemplateEditor", () => {
  it("shows the example record and a live, sandboxed preview of what is typed", async () => {
    const { user } = openEditor();
    const subject = await screen.findByLabelText("Assunto");
    expect(screen.getByRole("region", { name: "Exemplo de dados (JSON)" })).toHaveTextContent('"customerFullName": "Maria Souza"');
    expect(screen.getByTestId("preview-subject")).toHaveTextContent("Pedido 1234567890123456 editado");
    expect(screen.getByTitle("Pré-visualização do e-mail")).toHaveAttribute("sandbox", "");

    await user.clear(subject);
    await user.type(subject, "Oi {{{{customerFullName}}");
    await waitFor(() => expect(screen.getByTestId("preview-subject")).toHaveTextContent("Oi Maria Souza"));

    fireEvent.change(screen.getByLabelText("Conteúdo (HTML)"), { target: { value: "<b>{{pickupStoreName}}</b>" } });
    await waitFor(() => expect(previewHtml()).toContain("<b>Loja Centro</b>"));
  });

  it("'Redefinir' puts the shipped subject and body back into the form", async () => {
    const { user } = openEditor();
    await user.click(await screen.findByRole("button", { name: "Redefinir" }));
    await waitFor(() => expect(screen.getByLabelText("Assunto")).toHaveValue(SHIPPED.description));
    expect(screen.getByLabelText("Conteúdo (HTML)")).toHaveValue(SHIPPED.content);
    // The preview follows the form a moment later (a deferred value, so typing stays quick).
    await waitFor(() => expect(previewHtml()).toContain("<h2>Rede Exemplo</h2><p>Olá, Maria Souza!</p>"));
    // Nothing is saved until 'Salvar'.
    expect(writes(calls)).toEqual([]);
  });

  it("requires a subject and a body, with the domain's messages, and saves the template", async () => {
    const { user, onOpenChange } = openEditor();
    await user.clear(await screen.findByLabelText("Assunto"));
    fireEvent.change(screen.getByLabelText("Conteúdo (HTML)"), { target: { value: "   " } });
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("O assunto do e-mail não pode ser vazia.")).toBeInTheDocument();
    expect(screen.getByText("O conteudo do e-mail não pode ser vazio")).toBeInTheDocument();
    expect(screen.getByLabelText("Conteúdo (HTML)")).toHaveAttribute("aria-invalid", "true");
    expect(writes(calls)).toEqual([]);

    await user.type(screen.getByLabelText("Assunto"), "Pronto!");
    fireEvent.change(screen.getByLabelText("Conteúdo (HTML)"), { target: { value: "<p>Pronto</p>" } });
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/api/template-email/update/t-1",
        body: { type: "Notificação", title: "Retirada em loja", description: "Pronto!", content: "<p>Pronto</p>" },
      }),
    ]);
  });

  it("saves an automatic template through the automatic templates' own route", async () => {
    const onOpenChange = vi.fn();
    const { user } = renderWithClient(<EmailTemplateEditor template={AUTOMATIC} open onOpenChange={onOpenChange} />);
    const subject = await screen.findByLabelText("Assunto");
    await user.clear(subject);
    await user.type(subject, "Pedido parado");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/api/template-email/automatic/update/t-2",
        body: { type: "Escalonamento", title: "Retirada em loja", description: "Pedido parado", content: "<p>{{daysWaiting}} dias</p>" },
      }),
    ]);
  });

  it("lists the pickup code's variables and shows the code and its QR in the preview", async () => {
    openEditor();
    await screen.findByLabelText("Assunto");
    const variables = screen.getByRole("list", { name: "Variáveis deste modelo" });
    expect(variables).toHaveTextContent("{{pickupCode}}: o código de retirada (6 dígitos)");
    expect(variables).toHaveTextContent("{{pickupCodeQr}}: o QR code do código de retirada");
    expect(screen.getByRole("region", { name: "Exemplo de dados (JSON)" })).toHaveTextContent('"pickupCode": "482915"');

    fireEvent.change(screen.getByLabelText("Conteúdo (HTML)"), { target: { value: "<p>Código {{pickupCode}}</p>{{pickupCodeQr}}" } });
    await waitFor(() => expect(previewHtml()).toContain('<p>Código 482915</p><img src="data:image/svg+xml;base64,'));
    expect(previewHtml()).toContain('alt="Código de retirada 482915"');
  });

  it("shows no pickup code where a store's e-mail is concerned", async () => {
    renderWithClient(<EmailTemplateEditor template={AUTOMATIC} open onOpenChange={vi.fn()} />);
    await screen.findByLabelText("Assunto");
    expect(screen.getByRole("region", { name: "Exemplo de dados (JSON)" })).not.toHaveTextContent("pickupCode");
  });
});
