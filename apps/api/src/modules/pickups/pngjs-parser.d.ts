// The chunk parser of pngjs (its `PNG.sync.read` runs it before inflating anything), read without the
// inflation so that a PNG's declared size is judged before any pixel is decoded.
declare module "pngjs/lib/parser.js" {
  interface PngMetadata {
    width: number;
    height: number;
    depth: number;
    interlace: boolean;
    palette: boolean;
    color: boolean;
    alpha: boolean;
    bpp: number;
    colorType: number;
  }
  interface ParserDependencies {
    read: (length: number, callback: (data: Buffer) => void) => void;
    error: (err: Error) => void;
    metadata: (metadata: PngMetadata) => void;
    gamma: (gamma: number) => void;
    palette: (palette: unknown) => void;
    transColor: (color: unknown) => void;
    inflateData: (data: Buffer) => void;
    simpleTransparency: () => void;
    headersFinished?: () => void;
    finished?: () => void;
  }
  class Parser {
    constructor(options: { checkCRC?: boolean }, dependencies: ParserDependencies);
    start(): void;
  }
  export default Parser;
}

declare module "pngjs/lib/sync-reader.js" {
  class SyncReader {
    constructor(buffer: Buffer);
    read(length: number, callback: (data: Buffer) => void): void;
    process(): void;
  }
  export default SyncReader;
}
