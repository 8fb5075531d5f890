import { PRODUCT_FILE_MESSAGES, type ProductFileRead } from "./product-file";

/** Reads a chosen file in a web worker of its own, ended once it answers. */
export function readProductFileInWorker(file: File): Promise<ProductFileRead> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./product-file.worker.ts", import.meta.url), { type: "module", name: "importar-produtos" });
    const done = (read: ProductFileRead) => {
      worker.terminate();
      resolve(read);
    };
    worker.onmessage = (event: MessageEvent<ProductFileRead>) => done(event.data);
    worker.onerror = () => done({ error: PRODUCT_FILE_MESSAGES.unreadable });
    worker.postMessage(file);
  });
}
