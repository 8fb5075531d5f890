// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import {
  PICKUP_MESSAGES,
  cpfDigits,
  withdrawalAuthorizedMessage,
} from "@passo/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSignaturePad } from "@/testing/fake-signature-pad";
import type { PickupStoreRecord } from "../api/get-pickups";
import { WithdrawalCheckDialog } from "./withdrawal-check-dialog";

vi.mock("signature_pad", async () => ({ default: (await import("@/testing/fake-signature-pad")).FakeSignaturePad }));

/** Whether the store requires the customer's signature (the counter check says so). */
let signatureRequired = false;

const CUSTOMER_CPF = "52998224725";
const THIRD_PARTY_CPF = "12345678909";
const OTHER_CPF = "11144477735";

/** What a store is served: masked CPFs, no phone or e-mail. */
const pickup: PickupStoreRecord = {
  id: "p-1",
  orderOrigin: "E-commerce",
  orderDispatchDate: "2025-03-10T12:00:00.000Z",
  pickupStoreName: "Loja Centro",
  scheduledPickupDate: "2025-03-20T03:00:00.000Z",
  orderReceivedAtStoreDate: "2025-03-12T15:00:00.000Z",
  pickupType: "Envio realizado via Correios",
  orderNumber: "1234567890123456",
  trackingCode: "AB123456789BR",
  invoiceFileName: "nfe-1.pdf",
  invoiceXmlFileName: null,
  customerFullName: "Maria da Silva",
  customerCPF: "***.***.247-25",
  authorizedThirdPartyPickup: true,
  authorizedThirdPartyFullName: "João Souza",
  authorizedThirdPartyCPF: "***.***.789-09",
  orderItems: ["TENIS 40 12345601"],
  pickupStatus: "Aguardando retirada",
  actualPickupDate: null,
  waitingSince: "2025-03-12T15:00:00.000Z",
  overdue: false,
  collectedBy: null,
  handedOverBy: null,
  cpfCheckLocked: false,
  signatureFileName: null,
  receivedBy: null,
};

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}
let calls: Call[] = [];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The server's counter check, as the API answers it. */
function answerCheck(cpf: string) {
  const digits = cpfDigits(cpf);
  const name = digits === CUSTOMER_CPF ? "Maria da Silva" : digits === THIRD_PARTY_CPF ? "João Souza" : undefined;
  if (!name) return { authorized: false, title: PICKUP_MESSAGES.withdrawalUnauthorizedTitle, message: PICKUP_MESSAGES.withdrawalUnauthorized };
  return { authorized: true, name, title: PICKUP_MESSAGES.withdrawalAuthorizedTitle, message: withdrawalAuthorizedMessage(name), signatureRequired };
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, "http://localhost").pathname;
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method: init.method ?? "GET", path, body });
      if (path === "/api/pickup/check-withdrawal/p-1") return json(200, answerCheck(String(body?.withdrawalCPF)));
      if (path === "/api/pickup/check-withdrawal/p-blocked") return json(403, { error: PICKUP_MESSAGES.cpfCheckLocked });
      if (path === "/api/pickup/update/p-1") {
        return json(200, { message: "Retirada confirmada com sucesso!", pickup: { ...pickup, pickupStatus: "Pedido retirado" } });
      }
      return json(404, { error: "Não encontrado." });
    }),
  );
});

afterEach(() => {
  cleanup();
  signatureRequired = false;
  FakeSignaturePad.instances = [];
  vi.unstubAllGlobals();
});

function renderDialog(shown: PickupStoreRecord = pickup) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <WithdrawalCheckDialog
        pickup={shown}
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onOpenChange };
}

const cpfField = () => screen.getByLabelText("CPF de quem está retirando");
const confirmButton = () => screen.getByRole("button", { name: "Confirmar retirada" });

describe("WithdrawalCheckDialog", () => {
  it("says a blocked pickup's check waits for an administrator, and sends no CPF", async () => {
    const { user } = renderDialog({ ...pickup, cpfCheckLocked: true });
    expect(screen.getByRole("status")).toHaveTextContent("Conferência de CPF bloqueada");
    expect(screen.getByRole("status")).toHaveTextContent("Tentativas esgotadas. Peça a um administrador para liberar.");
    await user.type(cpfField(), CUSTOMER_CPF);
    expect(screen.getByRole("button", { name: "Verificar CPF" })).toBeDisabled();
    expect(confirmButton()).toBeDisabled();
    expect(calls.filter((call) => call.path.includes("check-withdrawal"))).toEqual([]);
  });

  it("turns blocked when the server says the tries ran out", async () => {
    const { user } = renderDialog({ ...pickup, id: "p-blocked" });
    await user.type(cpfField(), CUSTOMER_CPF);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Conferência de CPF bloqueada"));
    expect(screen.getByRole("button", { name: "Verificar CPF" })).toBeDisabled();
    expect(confirmButton()).toBeDisabled();
  });

  it("hides the typed CPF behind a mask that can be shown", async () => {
    const { user } = renderDialog();
    expect(screen.getByRole("dialog", { name: "Iniciar retirada" })).toBeInTheDocument();
    expect(cpfField()).toHaveAttribute("type", "password");
    await user.type(cpfField(), "5299822");
    expect(cpfField()).toHaveValue("529.982.2");
    await user.click(screen.getByRole("button", { name: "Mostrar" }));
    expect(cpfField()).toHaveAttribute("type", "text");
    expect(confirmButton()).toBeDisabled();
  });

  it("refuses a CPF that is neither the customer's nor the third party's", async () => {
    const { user } = renderDialog();
    await user.type(cpfField(), OTHER_CPF);
    expect(await screen.findByText(PICKUP_MESSAGES.withdrawalUnauthorizedTitle)).toBeInTheDocument();
    expect(screen.getByText("O CPF inserido é inválido ou não pertence ao titular ou a um terceiro autorizado.")).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("authorises the third party by name, and confirms the pickup with the CPF for the server to check again", async () => {
    const { user, onOpenChange } = renderDialog();
    await user.type(cpfField(), THIRD_PARTY_CPF);
    expect(await screen.findByText("Autorizado!")).toBeInTheDocument();
    expect(
      screen.getByText(
        "João Souza está autorizado a realizar a retirada do pedido. Imprima a NF-e e entregue ao cliente, se necessário.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Abrir NF-e do pedido 1234567890123456/ })).toHaveAttribute("href", "/uploads/nfe-1.pdf");
    expect(confirmButton()).toBeEnabled();

    await user.click(confirmButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const put = calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({ path: "/api/pickup/update/p-1", body: { pickupStatus: "Pedido retirado", withdrawalCPF: THIRD_PARTY_CPF } });
  });

  it("offers the NF-e (the PDF) and, when the pickup keeps its XML too, its DANFE to print", async () => {
    const { user } = renderDialog({ ...pickup, invoiceXmlFileName: "nfe-1.xml" });
    await user.type(cpfField(), CUSTOMER_CPF);
    expect(await screen.findByText("Autorizado!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Abrir NF-e do pedido 1234567890123456" })).toHaveAttribute("href", "/uploads/nfe-1.pdf");
    expect(screen.getByRole("link", { name: "Abrir DANFE do pedido 1234567890123456" })).toHaveAttribute("href", "/uploads/nfe-1.xml?format=pdf");
  });

  it("offers no DANFE when the pickup keeps one file", async () => {
    const { user } = renderDialog();
    await user.type(cpfField(), CUSTOMER_CPF);
    expect(await screen.findByText("Autorizado!")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Abrir DANFE/ })).not.toBeInTheDocument();
  });

  it("asks again when the CPF changes after a match", async () => {
    const { user } = renderDialog();
    await user.type(cpfField(), CUSTOMER_CPF);
    expect(await screen.findByText(/^Maria da Silva está autorizado/)).toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
    await user.type(cpfField(), "{Backspace}");
    expect(confirmButton()).toBeDisabled();
    expect(screen.queryByText("Autorizado!")).not.toBeInTheDocument();
    await user.type(cpfField(), "4");
    expect(await screen.findByText("Não autorizado!")).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    await user.clear(cpfField());
    await user.type(cpfField(), CUSTOMER_CPF);
    await user.click(screen.getByRole("button", { name: "Verificar CPF" }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());
  });

  it("sends the signature drawn after the CPF matches; a store that requires it waits for one", async () => {
    signatureRequired = true;
    const { user, onOpenChange } = renderDialog();
    expect(screen.queryByRole("img", { name: "Assinatura do cliente" })).not.toBeInTheDocument();
    await user.type(cpfField(), CUSTOMER_CPF);
    expect(await screen.findByRole("img", { name: "Assinatura do cliente" })).toBeInTheDocument();
    expect(screen.getByText("Esta loja exige a assinatura do cliente para confirmar.")).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();

    act(() => FakeSignaturePad.instances.at(-1)!.draw());
    expect(confirmButton()).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Limpar" }));
    expect(confirmButton()).toBeDisabled();
    act(() => FakeSignaturePad.instances.at(-1)!.draw());

    await user.click(confirmButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({ pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF, signature: expect.stringMatching(/^data:image\/png;base64,/) });
  });

  it("confirms without a signature when the store does not require one", async () => {
    const { user, onOpenChange } = renderDialog();
    await user.type(cpfField(), CUSTOMER_CPF);
    expect(await screen.findByRole("img", { name: "Assinatura do cliente" })).toBeInTheDocument();
    expect(screen.queryByText("Esta loja exige a assinatura do cliente para confirmar.")).not.toBeInTheDocument();
    await user.click(confirmButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.method === "PUT")?.body).not.toHaveProperty("signature");
  });
});
