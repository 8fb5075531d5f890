import { renderTemplate, TemplateImage } from "@passo/domain";
import type { BodySource, InlineImage } from "../db/schema/index.js";
import { PICKUP_CODE_QR_CID, pickupCodeQrPng } from "./pickup-code-qr.js";

/*
 * A customer e-mail's body is drawn when it is sent, from the BodySource its outbox row kept when it
 * was queued (db/schema/email-outbox.ts): drawing it, the QR's PNG above all, is the worker's job,
 * never the request's.
 */

/** The template's variable the pickup code's QR fills. */
export const PICKUP_CODE_QR_VARIABLE = "pickupCodeQr";

/** The record as it is now, as JSON (a copy: later changes to the object do not reach it). */
export function recordSnapshot(record: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
}

/** The body of a queued e-mail and the images it shows (only those it shows travel with it). */
export async function drawBody(source: BodySource): Promise<{ html: string; inlineImages: InlineImage[] }> {
  const images: Record<string, TemplateImage> = {};
  const files: InlineImage[] = [];
  if (source.pickupCodeQr !== undefined) {
    const code = source.pickupCodeQr;
    images[PICKUP_CODE_QR_VARIABLE] = new TemplateImage(`cid:${PICKUP_CODE_QR_CID}`, `Código de retirada ${code}`, 180);
    files.push({ cid: PICKUP_CODE_QR_CID, filename: "codigo-de-retirada.png", contentType: "image/png", base64: (await pickupCodeQrPng(code)).toString("base64") });
  }
  const { html } = renderTemplate(source.template, source.record, source.company, source.timezone, images);
  return { html, inlineImages: files.filter((file) => html.includes(`cid:${file.cid}`)) };
}
