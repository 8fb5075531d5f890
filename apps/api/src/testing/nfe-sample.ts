import { readFileSync } from "node:fs";

/**
 * The sample NF-e XML (an nfeProc, layout 4.00: a CPF customer, two items with EANs of the demo
 * catalog's shape and one 'SEM GTIN'), the same file the browser tests drop on the pickup form.
 */
export const NFE_SAMPLE = readFileSync(new URL("../../../web/e2e/fixtures/nfe-proc.xml", import.meta.url), "utf8");
export const NFE_SAMPLE_KEY = "35261112345678000195550010000012341000012346";

/** The sample as a multipart form under invoiceFileName, as POST /api/uploads/nfe takes it. */
export async function nfeXmlUpload(xml = NFE_SAMPLE): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append("invoiceFileName", new Blob([xml], { type: "text/xml" }), "nfe.xml");
  const body = new Response(form);
  return { payload: Buffer.from(await body.arrayBuffer()), headers: { "content-type": body.headers.get("content-type")! } };
}
