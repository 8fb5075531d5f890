/// <reference lib="webworker" />
import { readProductFile } from "./product-file";

// Reads one chosen file off the page's thread and answers what readProductFile finds.
self.onmessage = async (event: MessageEvent<File>) => {
  self.postMessage(await readProductFile(event.data));
};
