import { createServer } from "node:net";

/** A TCP port free on 127.0.0.1 now: the system picks it, the probe closes at once. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
