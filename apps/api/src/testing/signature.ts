import { PNG } from "pngjs";

/** A PNG as a canvas exports a signature: a dark stroke on a transparent background. */
export function drawnPng(width = 300, height = 120): Buffer {
  const png = new PNG({ width, height });
  const y = Math.floor(height / 3);
  for (let x = Math.min(10, width - 1); x < Math.max(width - 10, 1); x++) png.data[(y * width + x) * 4 + 3] = 255;
  return PNG.sync.write(png);
}

/** The bytes as 'Confirmar retirada' sends them: a PNG data URL. */
export const pngDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;
