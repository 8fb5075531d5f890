import { PICKUP_MESSAGES, SIGNATURE_DATA_URL_MAX_LENGTH, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES, SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from "@passo/domain";
import { PNG } from "pngjs";
import Parser from "pngjs/lib/parser.js";
import SyncReader from "pngjs/lib/sync-reader.js";
import { badRequest } from "../../lib/errors.js";

const refused = () => badRequest(PICKUP_MESSAGES.signatureInvalid);

/** A PNG's declared size and interlacing, read by pngjs's chunk parser (signature, chunk CRCs, IHDR) without inflating a byte. */
function pngHeader(content: Buffer): { width: number; height: number; interlace: boolean } {
  let header: { width: number; height: number; interlace: boolean } | undefined;
  let failure: Error | undefined;
  const reader = new SyncReader(content);
  const parser = new Parser(
    { checkCRC: true },
    {
      read: reader.read.bind(reader),
      error: (err) => (failure ??= err),
      metadata: ({ width, height, interlace }) => (header = { width, height, interlace }),
      gamma: () => undefined,
      palette: () => undefined,
      transColor: () => undefined,
      inflateData: () => undefined,
      simpleTransparency: () => undefined,
    },
  );
  parser.start();
  reader.process();
  if (failure || !header) throw refused();
  return header;
}

/**
 * The customer's signature sent with 'Confirmar retirada' (a `data:image/png;base64,` URL), as the
 * PNG's bytes: refused (400) unless it is canonical base64 of at most SIGNATURE_MAX_BYTES holding a
 * whole PNG of at most SIGNATURE_MAX_WIDTH × SIGNATURE_MAX_HEIGHT pixels, not interlaced. The text is
 * bounded before it is decoded and the declared size before any pixel is, so neither a huge string
 * nor a small file declaring a huge image costs memory.
 */
export function decodeSignature(dataUrl: string): Buffer {
  if (dataUrl.length > SIGNATURE_DATA_URL_MAX_LENGTH || !dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) throw refused();
  const base64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  const content = Buffer.from(base64, "base64");
  // Node skips what is not base64: only text that encodes back to itself was base64.
  if (content.byteLength === 0 || content.byteLength > SIGNATURE_MAX_BYTES || content.toString("base64") !== base64) throw refused();
  try {
    const { width, height, interlace } = pngHeader(content);
    if (width < 1 || height < 1 || width > SIGNATURE_MAX_WIDTH || height > SIGNATURE_MAX_HEIGHT || interlace) throw refused();
    // Every pixel decoded (inflation bounded by the size just checked): a PNG whose image data is broken is refused too.
    PNG.sync.read(content, { checkCRC: true });
  } catch {
    throw refused();
  }
  return content;
}
