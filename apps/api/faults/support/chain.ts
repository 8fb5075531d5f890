/** A small chain for the fault tests: stores (users), an invoice, and request bodies taken from the API's own tests. */
import { completeCpf, formatCpf } from "@passo/domain";
import { api, type ApiClient } from "./servers.js";

export const SMALL = process.env.FAULTS_SIZE === "small";
/** Picks the figure for the current size (FAULTS_SIZE=small in CI). */
export const bySize = <T>(normal: T, small: T): T => (SMALL ? small : normal);

export const STORE_ROLE = "Usuário básico";
export const STORE_PASSWORD = "faults-store-password";
export const CUSTOMER_CPF = "52998224725";
export const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

export interface Store {
  username: string;
  email: string;
  token: string;
}

/** A short id that keeps the markers of one run apart from any other run's. */
export const runId = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** A valid CPF, different for every n, formatted as a person types it. */
export function cpfFor(n: number): string {
  return formatCpf(completeCpf(String(100000000 + ((n * 7919) % 899999999)).slice(-9)));
}

/** Creates `count` stores through the API and signs each one in. */
export async function createStores(url: string, adminToken: string, count: number, prefix: string): Promise<Store[]> {
  const admin = api(url, adminToken);
  const stores: Store[] = [];
  for (let i = 1; i <= count; i++) {
    const username = `Loja ${prefix} ${i}`;
    const email = `loja.${prefix.toLowerCase()}.${i}@exemplo.com.br`;
    const res = await admin.post("/api/users/create", { username, email, password: STORE_PASSWORD, role: STORE_ROLE });
    if (res.status !== 201) throw new Error(`Creating ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    stores.push({ username, email, token: await loginAs(url, email) });
  }
  return stores;
}

export async function loginAs(url: string, email: string, password = STORE_PASSWORD): Promise<string> {
  const res = await api(url).post("/api/auth/login", { email, password });
  if (res.status !== 200) throw new Error(`Login of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** POST /api/uploads/nfe with a small PDF; returns the stored file name. */
export async function uploadInvoice(client: ApiClient, content: Uint8Array = PDF): Promise<{ status: number; filename?: string; body: unknown }> {
  const form = new FormData();
  form.append("invoiceFileName", new Blob([content], { type: "application/pdf" }), "nota.pdf");
  const res = await client.post("/api/uploads/nfe", form);
  return { status: res.status, filename: res.status === 201 ? (res.body.filename as string) : undefined, body: res.body };
}

export function pickupBody(store: string, orderNumber: string, invoice: string) {
  return {
    pickupStoreName: store,
    scheduledPickupDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    pickupType: "Envio realizado via Correios",
    orderNumber,
    trackingCode: "AA123456789BR",
    invoiceFileName: invoice,
    customerFullName: "Maria da Silva",
    customerCPF: "529.982.247-25",
    customerPhone: "(41) 99999-9999",
    customerEmail: "maria@example.com",
    authorizedThirdPartyPickup: false,
    orderItems: ["TENIS RUNNER 42 123456-7X"],
  };
}

export function returnBody(orderNumber: string, cpf: string) {
  return {
    orderNumber,
    customerFullName: "Maria da Silva",
    customerCPF: cpf,
    customerPhone: "(41) 99999-9999",
    customerEmail: "maria@example.com",
    returnItems: ["TENIS RUNNER 42 123456-7X"],
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
