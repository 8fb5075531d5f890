// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { isValidCpf } from "@passo/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/sonner";
import { RUNNER_41 } from "@/testing/products";
import { PickupForm } from "./pickup-form";

/** A valid CPF from 9 digits, by the check-digit algorithm. */
function cpfFrom(nine: string): string {
  const digits = nine.split("").map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join("");
}
const CUSTOMER_CPF = cpfFrom("529982247");
const THIRD_PARTY_CPF = cpfFrom("123456789");

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[] = [];
type Answer = { status: number; body: unknown };
/** The upload's answer, or one for each file sent. */
let uploadAnswer: Answer | ((file: File) => Answer) = { status: 201, body: { message: "Nota fiscal enviada com sucesso!", filename: "abc-123.pdf" } };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2025, 2, 14, 12, 0, 0));
  calls = [];
  uploadAnswer = { status: 201, body: { message: "Nota fiscal enviada com sucesso!", filename: "abc-123.pdf" } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, "http://localhost").pathname;
      const body = init.body instanceof FormData ? init.body : init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method: init.method ?? "GET", path, body });
      if (path === "/api/config") return json(200, { productName: "Passo", companyName: "Rede", companyEmailDomain: "rede.com.br", timezone: "America/Sao_Paulo" });
      if (path === "/api/users/get") {
        return json(200, {
          users: [
            { id: "1", username: "Loja Centro", email: "centro@rede.com.br", role: "Usuário básico", requireSignature: false, requireStaffPin: false },
            { id: "2", username: "Loja Norte", email: "norte@rede.com.br", role: "Usuário básico", requireSignature: false, requireStaffPin: false },
          ],
        });
      }
      if (path === "/api/uploads/nfe") {
        const answer = typeof uploadAnswer === "function" ? uploadAnswer((body as FormData).get("invoiceFileName") as File) : uploadAnswer;
        return json(answer.status, answer.body);
      }
      if (path === "/api/pickup/create") return json(201, { message: "Retirada em loja criada com sucesso!", pickup: {} });
      if (path === `/api/products/by-code/${RUNNER_41.eans[0]}`) return json(200, { product: RUNNER_41 });
      if (path.startsWith("/api/products/by-code/")) return json(404, { error: "Código não encontrado no catálogo." });
      return json(404, { error: "Não encontrado." });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PickupForm />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const submit = () => screen.getByRole("button", { name: "Criar retirada" });
const field = (name: string) => screen.getByRole("textbox", { name });

async function addItem(user: UserEvent, text = "TENIS RUNNER 42 12345601") {
  await user.type(field("Adicionar produtos"), text);
  await user.click(screen.getByRole("button", { name: "Adicionar" }));
}

async function chooseStore(user: UserEvent, name: string) {
  await user.click(screen.getByRole("combobox", { name: "Loja de retirada" }));
  await user.click(await screen.findByRole("option", { name }));
}

async function chooseDay(user: UserEvent, dayName: RegExp) {
  await user.click(screen.getByRole("button", { name: /^Data prevista para retirada/ }));
  await user.click(screen.getByRole("button", { name: dayName }));
}

/** What an NF-e does not carry (store, day, order number, tracking code), then 'Criar retirada'. */
async function completeAndSubmit(user: UserEvent) {
  await chooseStore(user, "Loja Norte");
  await chooseDay(user, /, 20 de março de 2025/);
  await user.type(field("Número do pedido"), "1234567890123456");
  await user.type(field("Código de rastreio / TR"), "AB123456789BR");
  await user.click(submit());
}

function pdf(name = "nfe.pdf") {
  return new File(["%PDF-1.4\n%%EOF\n"], name, { type: "application/pdf" });
}

async function fillValid(user: UserEvent) {
  await chooseStore(user, "Loja Norte");
  await chooseDay(user, /, 20 de março de 2025/);
  await user.type(field("Número do pedido"), "1234567890123456");
  await user.type(field("Código de rastreio / TR"), "AB123456789BR");
  await user.upload(screen.getByLabelText("Nota fiscal (NF-e)"), pdf());
  await user.type(field("Nome do cliente"), "Maria da Silva");
  await user.type(field("CPF do cliente"), CUSTOMER_CPF);
  await user.type(screen.getByRole("textbox", { name: "Telefone do cliente" }), "41999998888");
  await user.type(field("E-mail do cliente"), "maria@exemplo.com");
  await addItem(user);
}

describe("PickupForm", () => {
  it("generates valid CPFs for its stories", () => {
    expect(isValidCpf(CUSTOMER_CPF)).toBe(true);
    expect(isValidCpf(THIRD_PARTY_CPF)).toBe(true);
  });

  it("keeps 'Criar retirada' disabled until an item is listed", async () => {
    const user = renderForm();
    expect(submit()).toBeDisabled();
    await addItem(user);
    expect(submit()).toBeEnabled();
  });

  it("shows each 'required' message at its field, and 'Nenhum arquivo NF-e selecionado.' without a file", async () => {
    const user = renderForm();
    await addItem(user);
    await user.click(submit());

    expect(await screen.findByRole("combobox", { name: "Loja de retirada" })).toHaveAccessibleDescription("Selecione a loja de retirada.");
    expect(screen.getByRole("button", { name: /^Data prevista para retirada/ })).toHaveAccessibleDescription(
      "Informe a data prevista para retirada.",
    );
    expect(field("Número do pedido")).toHaveAccessibleDescription(/Informe o número do pedido\./);
    expect(field("Código de rastreio / TR")).toHaveAccessibleDescription(/Informe o código de rastreamento\./);
    expect(screen.getByLabelText("Nota fiscal (NF-e)")).toHaveAccessibleDescription(/Selecione a nota fiscal do pedido\./);
    expect(field("Nome do cliente")).toHaveAccessibleDescription("Informe o nome do cliente.");
    expect(field("CPF do cliente")).toHaveAccessibleDescription("Informe o CPF do cliente.");
    expect(screen.getByRole("textbox", { name: "Telefone do cliente" })).toHaveAccessibleDescription("Informe o telefone do cliente.");
    expect(field("E-mail do cliente")).toHaveAccessibleDescription("Informe o e-mail do cliente.");
    expect(await screen.findByText("Nenhum arquivo NF-e selecionado.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("shows the length, format and check-digit messages at their fields", async () => {
    const user = renderForm();
    await addItem(user);
    await user.type(field("Número do pedido"), "12345");
    await user.type(field("Código de rastreio / TR"), "AB12");
    await user.type(field("Nome do cliente"), "Al");
    await user.type(field("CPF do cliente"), "12345");
    await user.type(screen.getByRole("textbox", { name: "Telefone do cliente" }), "4199");
    await user.type(field("E-mail do cliente"), "maria@");
    await user.click(submit());

    expect(await screen.findByText("Número do pedido deve conter 16 caracteres.")).toBeInTheDocument();
    expect(field("Número do pedido")).toHaveAccessibleDescription(/Número do pedido deve conter 16 caracteres\./);
    expect(field("Código de rastreio / TR")).toHaveAccessibleDescription(/Código de rastreamento deve ter no mínimo 6 caracteres\./);
    expect(field("Nome do cliente")).toHaveAccessibleDescription("O nome do cliente deve ter no mínimo 3 caracteres.");
    expect(field("CPF do cliente")).toHaveAccessibleDescription("CPF deve conter exatamente 11 dígitos.");
    expect(screen.getByRole("textbox", { name: "Telefone do cliente" })).toHaveAccessibleDescription(
      "Formato de telefone inválido. Ex: (41) 99999-9999",
    );
    expect(field("E-mail do cliente")).toHaveAccessibleDescription("Informe um e-mail válido.");

    await user.clear(field("CPF do cliente"));
    await user.type(field("CPF do cliente"), "11111111111");
    expect(field("CPF do cliente")).toHaveValue("111.111.111-11");
    await waitFor(() => expect(field("CPF do cliente")).toHaveAccessibleDescription("CPF inválido."));
  });

  it("checks the tracking code's length against the operation type", async () => {
    const user = renderForm();
    await addItem(user);
    expect(screen.getByRole("radio", { name: "Envio realizado via Correios" })).toBeChecked();
    const tracking = field("Código de rastreio / TR");
    await user.type(tracking, "AB12345678");
    await user.click(submit());
    await waitFor(() =>
      expect(tracking).toHaveAccessibleDescription(/Código de rastreamento deve ter 13 caracteres para envio pelos Correios\./),
    );

    await user.click(screen.getByRole("radio", { name: "Disponível na loja" }));
    await waitFor(() =>
      expect(tracking).toHaveAccessibleDescription(/Código de rastreamento deve ter 6 caracteres para retirada na loja\./),
    );

    await user.clear(tracking);
    await user.type(tracking, "AB123456789BR12");
    await waitFor(() => expect(tracking).toHaveAccessibleDescription(/Código de rastreamento deve ter no máximo 13 caracteres\./));

    await user.clear(tracking);
    await user.type(tracking, "123456");
    await waitFor(() => expect(tracking).toHaveAccessibleDescription("Número da transferência, 6 caracteres."));
  });

  it("reveals the third party's name and CPF with the switch, and checks them", async () => {
    const user = renderForm();
    expect(screen.queryByRole("textbox", { name: "Nome do terceiro" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: "Autorizar retirada por terceiros" }));
    await addItem(user);
    await user.type(field("Nome do terceiro"), " Jo ");
    await user.type(field("CPF do terceiro"), THIRD_PARTY_CPF);
    await user.click(submit());
    await waitFor(() => expect(field("Nome do terceiro")).toHaveAccessibleDescription("Nome do terceiro deve ter ao menos 3 caracteres."));

    await user.clear(field("Nome do terceiro"));
    await user.type(field("Nome do terceiro"), "João Souza");
    await user.clear(field("CPF do terceiro"));
    await user.type(field("CPF do terceiro"), "12345678900");
    await waitFor(() => expect(field("CPF do terceiro")).toHaveAccessibleDescription("CPF do terceiro inválido."));
    expect(field("Nome do terceiro")).not.toHaveAccessibleDescription();
  });

  it("shows a short third-party name and an invalid CPF at once, each at its field", async () => {
    const user = renderForm();
    await user.click(screen.getByRole("switch", { name: "Autorizar retirada por terceiros" }));
    await addItem(user);
    await user.type(field("Nome do terceiro"), "Jo");
    await user.type(field("CPF do terceiro"), "12345678900");
    await user.click(submit());
    await waitFor(() => expect(field("Nome do terceiro")).toHaveAccessibleDescription("Nome do terceiro deve ter ao menos 3 caracteres."));
    expect(field("CPF do terceiro")).toHaveAccessibleDescription("CPF do terceiro inválido.");
  });

  it("shows 'Informe ao menos um item no pedido.' when the last item is removed, and disables 'Criar retirada'", async () => {
    const user = renderForm();
    await addItem(user);
    await user.click(submit());
    await screen.findByText("Selecione a loja de retirada.");
    await user.click(screen.getByRole("button", { name: "Excluir item 1" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Excluir" }));
    // Said at the items and beside the disabled button, which reads it as its description.
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Informe ao menos um item no pedido."));
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription("Informe ao menos um item no pedido.");
  });

  it("offers no day before today", async () => {
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: /^Data prevista para retirada/ }));
    expect(screen.getAllByRole("grid")).toHaveLength(2);
    expect(screen.getByRole("button", { name: /, 13 de março de 2025/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /, 14 de março de 2025/ })).toBeEnabled();
  });

  it("uploads the NF-e first, then creates the pickup with the stored file name, and resets", async () => {
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("switch", { name: "Autorizar retirada por terceiros" }));
    await user.type(field("Nome do terceiro"), "João Souza");
    await user.type(field("CPF do terceiro"), THIRD_PARTY_CPF);
    await user.click(submit());

    await waitFor(() => expect(calls.some((c) => c.path === "/api/pickup/create")).toBe(true));
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => c.path)).toEqual(["/api/uploads/nfe", "/api/pickup/create"]);
    const upload = posts[0]!.body as FormData;
    expect((upload.get("invoiceFileName") as File).name).toBe("nfe.pdf");
    expect(posts[1]!.body).toMatchObject({
      pickupStoreName: "Loja Norte",
      scheduledPickupDate: "2025-03-20",
      pickupType: "Envio realizado via Correios",
      pickupStatus: "Em trânsito",
      orderNumber: "1234567890123456",
      trackingCode: "AB123456789BR",
      invoiceFileName: "abc-123.pdf",
      customerFullName: "Maria da Silva",
      customerCPF: CUSTOMER_CPF,
      customerPhone: "(41) 99999-8888",
      customerEmail: "maria@exemplo.com",
      orderItems: ["TENIS RUNNER 42 12345601"],
      authorizedThirdPartyPickup: true,
      authorizedThirdPartyFullName: "João Souza",
      authorizedThirdPartyCPF: THIRD_PARTY_CPF,
    });
    await waitFor(() => expect(field("Número do pedido")).toHaveValue(""));
    expect(screen.getByText("Nenhum item adicionado.")).toBeInTheDocument();
  });

  it("stops the creation when the upload fails, showing the server's reason at the NF-e field", async () => {
    uploadAnswer = { status: 415, body: { error: "O arquivo deve ser o PDF ou o XML da NF-e." } };
    const user = renderForm();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(screen.getByLabelText("Nota fiscal (NF-e)")).toHaveAccessibleDescription(/O arquivo deve ser o PDF ou o XML da NF-e\./));
    expect(calls.some((c) => c.path === "/api/pickup/create")).toBe(false);
    expect(field("Número do pedido")).toHaveValue("1234567890123456");
  });
});

describe("the NF-e field", () => {
  const invoiceInput = () => screen.getByLabelText<HTMLInputElement>(/^Nota fiscal \(NF-e\)/);

  it("invites in Portuguese to choose or drop the PDF, then shows the file's name and size and removes it", async () => {
    const user = renderForm();
    expect(screen.getByText("Selecione ou arraste o PDF ou o XML da NF-e")).toBeInTheDocument();
    expect(screen.getByText("PDF de até 10 MB, XML de até 1 MB (que preenche o formulário), ou os dois.")).toBeInTheDocument();
    const input = invoiceInput();
    expect(input).toHaveAttribute("type", "file");
    expect(input).not.toHaveAttribute("tabindex", "-1");

    await user.upload(input, new File(["x".repeat(3 * 1024)], "nota-fiscal.pdf", { type: "application/pdf" }));
    expect(screen.getByText("nota-fiscal.pdf")).toBeInTheDocument();
    expect(screen.getByText("3 KB")).toBeInTheDocument();
    expect(screen.queryByText("Selecione ou arraste o PDF ou o XML da NF-e")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remover nota-fiscal.pdf" }));
    expect(screen.getByText("Selecione ou arraste o PDF ou o XML da NF-e")).toBeInTheDocument();
    expect(invoiceInput().files).toHaveLength(0);
  });

  it("takes a PDF dropped on it", async () => {
    renderForm();
    const zone = screen.getByText("Selecione ou arraste o PDF ou o XML da NF-e").closest("label")!.parentElement!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [pdf("solta.pdf")] } });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf("solta.pdf")] } });
    expect(await screen.findByText("solta.pdf")).toBeInTheDocument();
  });

  it("says at once why a file that is not a PDF, or one over 10 MB, cannot go, and never sends it", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await user.upload(invoiceInput(), new File(["png"], "foto.png", { type: "image/png" }));
    await waitFor(() => expect(invoiceInput()).toHaveAccessibleDescription(/O arquivo deve ser o PDF ou o XML da NF-e\./));
    expect(screen.getByText("foto.png")).toBeInTheDocument();

    const large = new File(["%PDF"], "grande.pdf", { type: "application/pdf" });
    Object.defineProperty(large, "size", { value: 10 * 1024 * 1024 + 1 });
    await user.upload(invoiceInput(), large);
    await waitFor(() => expect(invoiceInput()).toHaveAccessibleDescription(/O arquivo deve ter no máximo 10 MB\./));
    await fillValid(user);
    await user.upload(invoiceInput(), large);
    await user.click(submit());
    await waitFor(() => expect(invoiceInput()).toHaveAccessibleDescription(/O arquivo deve ter no máximo 10 MB\./));
    expect(calls.some((call) => call.path === "/api/uploads/nfe")).toBe(false);
  });
});

describe("the NF-e's XML", () => {
  const KEY = "35261112345678000195550010000012341000012346";
  const NFE = {
    accessKey: KEY,
    number: "1234",
    series: "1",
    issuedAt: "2026-11-20T10:15:00-03:00",
    customer: { name: "Maria Aparecida Souza", cpf: CUSTOMER_CPF, email: "maria.souza@example.com", phone: "(41) 99876-5432" },
    items: [
      { description: "TÊNIS RUNNER MASC PRETO 41", code: "48213041", ean: RUNNER_41.eans[0]!, quantity: 2 },
      { description: "SANDÁLIA CASUAL FEM BEGE 38", code: "65432138", ean: "7896543213808", quantity: 1 },
      { description: "MEIA ESPORTIVA CANO CURTO", code: "MEIA-ESP-01", ean: "", quantity: 3 },
    ],
  };
  const xml = () => new File(["<nfeProc/>"], "nfe.xml", { type: "text/xml" });

  it("is sent as soon as it is chosen, and fills the customer and the items: catalog lines by EAN, the rest as typed items", async () => {
    uploadAnswer = { status: 201, body: { message: "Nota fiscal enviada com sucesso!", filename: "abc-123.xml", nfe: NFE } };
    const user = renderForm();
    await user.upload(screen.getByLabelText("Nota fiscal (NF-e)"), xml());

    await waitFor(() => expect(field("Nome do cliente")).toHaveValue("Maria Aparecida Souza"));
    expect(field("CPF do cliente")).toHaveValue(`${CUSTOMER_CPF.slice(0, 3)}.${CUSTOMER_CPF.slice(3, 6)}.${CUSTOMER_CPF.slice(6, 9)}-${CUSTOMER_CPF.slice(9)}`);
    expect(field("E-mail do cliente")).toHaveValue("maria.souza@example.com");
    expect(screen.getByRole("textbox", { name: "Telefone do cliente" })).toHaveValue("(41) 99876-5432");
    // The EAN the catalog knows: a product line of 2; the one it does not and the 'SEM GTIN': typed, with their quantity.
    const chosen = await screen.findByRole("list", { name: "Produtos escolhidos" });
    expect(within(chosen).getAllByRole("listitem").map((li) => li.textContent)).toEqual([expect.stringContaining("2 × TÊNIS RUNNER MASC PRETO 41 48213041")]);
    expect(screen.getByText("1 × SANDÁLIA CASUAL FEM BEGE 38 65432138")).toBeInTheDocument();
    expect(screen.getByText("3 × MEIA ESPORTIVA CANO CURTO MEIA-ESP-01")).toBeInTheDocument();
    expect(await screen.findByText("NF-e lida. Confira os dados preenchidos.")).toBeInTheDocument();
    expect(screen.getByText("Preenchido: nome, CPF, e-mail, telefone, 1 produto do catálogo e 2 itens digitados.")).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith("/api/products/by-code/")).map((c) => c.path)).toEqual([
      `/api/products/by-code/${RUNNER_41.eans[0]}`,
      "/api/products/by-code/7896543213808",
    ]);

    // Submitting creates the pickup with the XML already stored: no second upload.
    await completeAndSubmit(user);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/pickup/create")).toBe(true));
    expect(calls.filter((c) => c.path === "/api/uploads/nfe")).toHaveLength(1);
    expect(calls.find((c) => c.path === "/api/pickup/create")!.body).toMatchObject({
      invoiceFileName: "abc-123.xml",
      customerFullName: "Maria Aparecida Souza",
      customerCPF: CUSTOMER_CPF,
      customerPhone: "(41) 99876-5432",
      customerEmail: "maria.souza@example.com",
      orderItems: ["1 × SANDÁLIA CASUAL FEM BEGE 38 65432138", "3 × MEIA ESPORTIVA CANO CURTO MEIA-ESP-01"],
      lines: [{ code: RUNNER_41.sku, quantity: 2 }],
    });
  });

  it("shows beside the file what its access key says, until the file is removed", async () => {
    uploadAnswer = { status: 201, body: { message: "Nota fiscal enviada com sucesso!", filename: "abc-123.xml", nfe: NFE } };
    const user = renderForm();
    await user.upload(screen.getByLabelText("Nota fiscal (NF-e)"), xml());

    const key = await screen.findByRole("region", { name: "Chave de acesso da NF-e" });
    expect(key).toHaveTextContent("3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2346");
    const shown = within(key)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(shown).toEqual([
      ["UF", "SP (São Paulo)"],
      ["Emissão", "11/2026"],
      ["CNPJ do emitente", "12.345.678/0001-95"],
      ["Modelo", "55 (NF-e)"],
      ["Série", "1"],
      ["Número", "000.001.234"],
    ]);

    await user.click(screen.getByRole("button", { name: "Remover nfe.xml" }));
    expect(screen.queryByRole("region", { name: "Chave de acesso da NF-e" })).not.toBeInTheDocument();
  });

  it("fills only the customer's fields still empty, and says what it filled", async () => {
    uploadAnswer = { status: 201, body: { message: "Nota fiscal enviada com sucesso!", filename: "abc-123.xml", nfe: NFE } };
    const user = renderForm();
    await user.type(field("Nome do cliente"), "Maria A. Souza");
    await user.type(field("E-mail do cliente"), "maria@outro.com");
    await user.upload(screen.getByLabelText("Nota fiscal (NF-e)"), xml());
    expect(await screen.findByText("Preenchido: CPF, telefone, 1 produto do catálogo e 2 itens digitados.")).toBeInTheDocument();
    expect(field("Nome do cliente")).toHaveValue("Maria A. Souza");
    expect(field("E-mail do cliente")).toHaveValue("maria@outro.com");
    expect(screen.getByRole("textbox", { name: "Telefone do cliente" })).toHaveValue("(41) 99876-5432");
  });

  it("shows the server's refusal of a bad key at the NF-e field and fills nothing", async () => {
    uploadAnswer = { status: 400, body: { error: "Chave de acesso da NF-e inválida." } };
    const user = renderForm();
    await user.upload(screen.getByLabelText("Nota fiscal (NF-e)"), xml());
    await waitFor(() => expect(screen.getByLabelText("Nota fiscal (NF-e)")).toHaveAccessibleDescription(/Chave de acesso da NF-e inválida\./));
    expect(field("Nome do cliente")).toHaveValue("");
    expect(screen.getByText("Nenhum item adicionado.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Chave de acesso da NF-e" })).not.toBeInTheDocument();
  });
  it("takes the PDF and the XML together: reads the XML, uploads both, and creates with the PDF as the invoice and the XML beside it", async () => {
    uploadAnswer = (file) =>
      file.name.endsWith(".xml")
        ? { status: 201, body: { message: "Nota fiscal enviada com sucesso!", filename: "abc-123.xml", nfe: NFE } }
        : { status: 201, body: { message: "Nota fiscal enviada com sucesso!", filename: "abc-123.pdf" } };
    const user = renderForm();
    await user.upload(screen.getByLabelText("Nota fiscal (NF-e)"), [pdf("nfe.pdf"), xml()]);
    const files = screen.getByRole("list", { name: "Arquivos da NF-e" });
    expect(within(files).getByText("nfe.pdf")).toBeInTheDocument();
    expect(within(files).getByText("nfe.xml")).toBeInTheDocument();
    await waitFor(() => expect(field("Nome do cliente")).toHaveValue("Maria Aparecida Souza"));

    await completeAndSubmit(user);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/pickup/create")).toBe(true));
    // The XML was sent when chosen; the PDF at the submit.
    const uploads = calls.filter((c) => c.path === "/api/uploads/nfe").map((c) => ((c.body as FormData).get("invoiceFileName") as File).name);
    expect(uploads).toEqual(["nfe.xml", "nfe.pdf"]);
    expect(calls.find((c) => c.path === "/api/pickup/create")!.body).toMatchObject({ invoiceFileName: "abc-123.pdf", invoiceXmlFileName: "abc-123.xml" });
  });

  it("adds the XML beside a chosen PDF, and keeps the other file when one is removed", async () => {
    uploadAnswer = { status: 201, body: { message: "Nota fiscal enviada com sucesso!", filename: "abc-123.xml", nfe: NFE } };
    const user = renderForm();
    await user.upload(screen.getByLabelText("Nota fiscal (NF-e)"), pdf("nfe.pdf"));
    await user.upload(screen.getByLabelText("Nota fiscal (NF-e)"), xml());
    const files = screen.getByRole("list", { name: "Arquivos da NF-e" });
    expect(within(files).getAllByRole("listitem").map((li) => li.querySelector(".font-medium")?.textContent)).toEqual(["nfe.pdf", "nfe.xml"]);
    await waitFor(() => expect(field("Nome do cliente")).toHaveValue("Maria Aparecida Souza"));
    await user.click(screen.getByRole("button", { name: "Remover nfe.pdf" }));
    expect(within(screen.getByRole("list", { name: "Arquivos da NF-e" })).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByText("nfe.xml")).toBeInTheDocument();
    // The XML was read once.
    expect(calls.filter((c) => c.path === "/api/uploads/nfe")).toHaveLength(1);
  });

  it("refuses two PDFs, two XMLs or three files with a Portuguese message, and sends none", async () => {
    const user = renderForm();
    const invoice = () => screen.getByLabelText<HTMLInputElement>("Nota fiscal (NF-e)");
    await user.upload(invoice(), [pdf("um.pdf"), pdf("dois.pdf")]);
    await waitFor(() => expect(invoice()).toHaveAccessibleDescription(/Envie no máximo um PDF e um XML da NF-e\./));
    expect(screen.getByText("um.pdf")).toBeInTheDocument();
    expect(screen.getByText("dois.pdf")).toBeInTheDocument();
    // Fixing the choice takes the message away.
    await user.click(screen.getByRole("button", { name: "Remover dois.pdf" }));
    await waitFor(() => expect(invoice()).not.toHaveAccessibleDescription(/Envie no máximo/));
    await user.upload(invoice(), [xml(), new File(["<nfeProc/>"], "outra.xml", { type: "text/xml" })]);
    await waitFor(() => expect(invoice()).toHaveAccessibleDescription(/Envie no máximo um PDF e um XML da NF-e\./));
    await user.upload(invoice(), [pdf("um.pdf"), xml(), pdf("dois.pdf")]);
    await waitFor(() => expect(invoice()).toHaveAccessibleDescription(/Envie no máximo um PDF e um XML da NF-e\./));

    await fillValid(user);
    await user.upload(invoice(), [pdf("um.pdf"), pdf("dois.pdf")]);
    await user.click(submit());
    await waitFor(() => expect(invoice()).toHaveAccessibleDescription(/Envie no máximo um PDF e um XML da NF-e\./));
    expect(calls.some((call) => call.path === "/api/uploads/nfe" || call.path === "/api/pickup/create")).toBe(false);
  });
});
