import type { APIRequestContext } from "@playwright/test";
import { adminToken, expect } from "./fixtures";

/** The smallest file the upload takes as an NF-e's PDF. */
const TINY_PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** Today in the chain's time zone, as 'Data de retirada' takes it. */
export const todayInSaoPaulo = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());

/**
 * A pickup created as the office's system does (its NF-e uploaded, then POST /api/pickup/create), so
 * that a test drives only the screen it is about. `fields` is the create call's body but the invoice;
 * the day defaults to today, the type to 'Disponível na loja' (waiting at once), no third party.
 */
export async function createPickupThroughApi(request: APIRequestContext, fields: Record<string, unknown>): Promise<{ id: string; pickupCode: string }> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const uploaded = await request.post("/api/uploads/nfe", {
    headers,
    multipart: { invoiceFileName: { name: "nfe.pdf", mimeType: "application/pdf", buffer: TINY_PDF } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const created = await request.post("/api/pickup/create", {
    headers,
    data: {
      scheduledPickupDate: todayInSaoPaulo(),
      pickupType: "Disponível na loja",
      authorizedThirdPartyPickup: false,
      ...fields,
      invoiceFileName: (await uploaded.json()).filename,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).pickup;
}
