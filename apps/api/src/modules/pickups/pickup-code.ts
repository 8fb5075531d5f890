import { randomInt } from "node:crypto";
import QRCode from "qrcode";

/** A pickup code drawn from Node's cryptographic source: 6 digits, leading zeros kept. */
export function newPickupCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** How many codes a new pickup draws before giving up: with even a hundred thousand open pickups, 20 collisions in a row are out of reach. */
export const PICKUP_CODE_ATTEMPTS = 20;

/** The `cid:` the ready-for-pickup e-mail shows the code's QR by (`{{pickupCodeQr}}`). */
export const PICKUP_CODE_QR_CID = "pickup-code-qr@passo";

/** The code's QR as a PNG (a phone's screen scanned at the counter reads it at this size). */
export function pickupCodeQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
}
