import QRCode from "qrcode";

/** The `cid:` the ready-for-pickup e-mail shows the code's QR by (`{{pickupCodeQr}}`). */
export const PICKUP_CODE_QR_CID = "pickup-code-qr@passo";

/** The code's QR as a PNG (a phone's screen scanned at the counter reads it at this size). */
export function pickupCodeQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
}
