import { readFileSync } from "node:fs";

/**
 * The sample NF-e XML (an nfeProc, layout 4.00: a CPF customer, two items with EANs of the demo
 * catalog's shape and one 'SEM GTIN'), the same file the browser tests drop on the pickup form.
 */
export const NFE_SAMPLE = readFileSync(new URL("../../../web/e2e/fixtures/nfe-proc.xml", import.meta.url), "utf8");
export const NFE_SAMPLE_KEY = "35261112345678000195550010000012341000012346";

const fixture = (name: string) => readFileSync(new URL(`../../../web/e2e/fixtures/${name}`, import.meta.url), "utf8");

/**
 * Real-shaped samples besides (apps/web/e2e/fixtures), each with a valid key:
 * - THIRD_PARTY: delivered to a third party's address (`entrega`, with its own CNPJ and name); the buyer is `dest`.
 * - THIRTY_ITEMS: `det` 1 to 30, the odd ones with an EAN, the even ones 'SEM GTIN'.
 * - NFCE: an NFC-e (model 65, series 2), its consumer by CPF only, with its QR code (infNFeSupl).
 */
export const NFE_SAMPLES = {
  thirdParty: { xml: fixture("nfe-entrega-terceiro.xml"), key: "35261112345678000195550010000013011000013010" },
  thirtyItems: { xml: fixture("nfe-30-itens.xml"), key: "35261112345678000195550010000013301000013306" },
  nfce: { xml: fixture("nfce-65.xml"), key: "35261112345678000195650020000000871000000876" },
} as const;

/** The sample as a multipart form under invoiceFileName, as POST /api/uploads/nfe takes it. */
export async function nfeXmlUpload(xml = NFE_SAMPLE): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append("invoiceFileName", new Blob([xml], { type: "text/xml" }), "nfe.xml");
  const body = new Response(form);
  return { payload: Buffer.from(await body.arrayBuffer()), headers: { "content-type": body.headers.get("content-type")! } };
}
