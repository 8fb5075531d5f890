// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi } from "@/testing/fake-api";
import { CustomerDataScreen } from "./customer-data-screen";
import { SCREEN_TEXTS } from "@/testing/screen-texts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CPF = "52998224725";
const PATH = `GET /api/customers/${CPF}/data`;
const EMPTY = { cpf: CPF, pickups: [], returns: [], emails: [], auditLines: [], openRecords: [] };
const PICKUP = {
  id: "p-1",
  orderOrigin: "E-commerce",
  orderDispatchDate: "2026-11-20T13:00:00.000Z",
  pickupStoreName: "Loja Centro",
  scheduledPickupDate: "2026-11-21T03:00:00.000Z",
  orderReceivedAtStoreDate: null,
  pickupType: "Envio realizado via Correios",
  orderNumber: "PED0000000000001",
  trackingCode: "AA123456789BR",
  invoiceFileName: "nota.pdf",
  invoiceXmlFileName: null,
  customerFullName: "Maria da Silva",
  customerCPF: CPF,
  customerPhone: "(41) 99999-9999",
  customerEmail: "maria@example.com",
  authorizedThirdPartyPickup: false,
  authorizedThirdPartyFullName: null,
  authorizedThirdPartyCPF: null,
  orderItems: ["TENIS 42"],
  pickupStatus: "Em trânsito",
  actualPickupDate: null,
  waitingSince: null,
  overdue: false,
  collectedBy: null,
  handedOverBy: null,
  receivedBy: null,
  cpfCheckLocked: false,
  pickupCode: "482913",
  signatureFileName: null,
};

const cpfField = () => screen.getByLabelText("CPF do cliente");
const find = () => screen.getByRole("button", { name: "Buscar" });

describe("Dados de cliente", () => {
  it("checks the CPF by the domain rule before asking, and masks it as typed", async () => {
    const calls = stubApi({});
    const { user } = renderWithClient(<CustomerDataScreen {...SCREEN_TEXTS} />);
    await user.type(cpfField(), "52998224724");
    expect(cpfField()).toHaveValue("529.982.247-24");
    await user.click(find());
    expect(await screen.findByText("CPF inválido.")).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith("/api/customers"))).toEqual([]);
  });

  it("says when Passo holds nothing about the CPF", async () => {
    stubApi({ [PATH]: [200, EMPTY] });
    const { user } = renderWithClient(<CustomerDataScreen {...SCREEN_TEXTS} />);
    await user.type(cpfField(), CPF);
    await user.click(find());
    expect(await screen.findByText("Nenhum registro encontrado para o CPF 529.982.247-25.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Anonimizar" })).not.toBeInTheDocument();
  });

  it("shows the records and keeps 'Anonimizar' off, with the reason, while one is open", async () => {
    const reason = "retirada do pedido PED0000000000001 (Em trânsito)";
    stubApi({ [PATH]: [200, { ...EMPTY, pickups: [PICKUP], openRecords: [reason] }] });
    const { user } = renderWithClient(<CustomerDataScreen {...SCREEN_TEXTS} />);
    await user.type(cpfField(), CPF);
    await user.click(find());
    expect(await screen.findByRole("heading", { name: "Pedido PED0000000000001" })).toBeInTheDocument();
    expect(screen.getByText("maria@example.com")).toBeInTheDocument();
    const anonymize = screen.getByRole("button", { name: "Anonimizar" });
    expect(anonymize).toBeDisabled();
    expect(anonymize).toHaveAccessibleDescription(`Não é possível anonimizar enquanto houver registros em aberto: ${reason}.`);
    expect(screen.getByRole("button", { name: "Baixar dados" })).toBeEnabled();
  });
});
