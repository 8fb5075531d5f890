/**
 * The load test's HTTP client: node:http over one keep-alive agent with a bounded number of sockets (the connection
 * pool every virtual user shares), asking for compressed answers as a browser does. Each call is timed from the moment
 * it is made until its body is read, so the time spent waiting for a free socket counts, as a user would feel it.
 */
import http from "node:http";
import zlib from "node:zlib";
import type { LoadMetrics } from "./load-metrics.js";

// JSON answers are read loosely here; each flow checks the fields it relies on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface LoadResponse {
  status: number;
  body: Json;
}

export interface LoadClientOptions {
  baseUrl: string;
  maxSockets: number;
  timeoutMs?: number;
  metrics: LoadMetrics;
}

export class LoadFailure extends Error {
  constructor(
    readonly operation: string,
    readonly status: number | "network",
    detail: string,
  ) {
    super(`${operation}: ${status} ${detail}`);
    this.name = "LoadFailure";
  }
}

function decode(buffer: Buffer, encoding: string | undefined): string {
  if (encoding === "br") return zlib.brotliDecompressSync(buffer).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(buffer).toString("utf8");
  if (encoding === "deflate") return zlib.inflateSync(buffer).toString("utf8");
  return buffer.toString("utf8");
}

export class LoadClient {
  readonly agent: http.Agent;
  private readonly url: URL;
  private readonly timeoutMs: number;
  private readonly metrics: LoadMetrics;

  constructor(options: LoadClientOptions) {
    this.url = new URL(options.baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: options.maxSockets, scheduling: "fifo" });
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.metrics = options.metrics;
  }

  /** One request, untimed and unchecked (set-up and checks). */
  raw(method: string, path: string, token?: string, body?: unknown, extraHeaders: Record<string, string> = {}, rawBody?: Buffer): Promise<LoadResponse> {
    return new Promise((resolve, reject) => {
      const payload = rawBody ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
      const headers: Record<string, string> = {
        accept: "application/json",
        "accept-encoding": "br, gzip, deflate",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload && !rawBody ? { "content-type": "application/json" } : {}),
        ...(payload ? { "content-length": String(payload.byteLength) } : {}),
        ...extraHeaders,
      };
      const req = http.request(
        { agent: this.agent, host: this.url.hostname, port: this.url.port, method, path, headers, timeout: this.timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            try {
              const text = decode(Buffer.concat(chunks), res.headers["content-encoding"]);
              let parsed: Json = text;
              if (text && String(res.headers["content-type"] ?? "").includes("json")) parsed = JSON.parse(text);
              resolve({ status: res.statusCode ?? 0, body: parsed });
            } catch (err) {
              reject(err instanceof Error ? err : new Error(String(err)));
            }
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      req.on("error", reject);
      req.end(payload);
    });
  }

  /**
   * A timed request under `operation`. Anything but `expected` (or a `check` that returns a complaint) is counted as
   * an error and thrown as a LoadFailure, which ends the flow step that made it.
   */
  async call(
    operation: string,
    method: string,
    path: string,
    token: string,
    options: { body?: unknown; expected?: number; check?: (body: Json) => string | undefined; headers?: Record<string, string>; rawBody?: Buffer } = {},
  ): Promise<Json> {
    const expected = options.expected ?? 200;
    const started = performance.now();
    let response: LoadResponse;
    try {
      response = await this.raw(method, path, token, options.body, options.headers, options.rawBody);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      this.metrics.record(operation, performance.now() - started, { status: "network", detail });
      throw new LoadFailure(operation, "network", detail);
    }
    const elapsed = performance.now() - started;
    if (response.status !== expected) {
      const detail = `${method} ${path} → ${JSON.stringify(response.body).slice(0, 300)}`;
      this.metrics.record(operation, elapsed, { status: response.status, detail });
      throw new LoadFailure(operation, response.status, detail);
    }
    const complaint = options.check?.(response.body);
    if (complaint) {
      this.metrics.record(operation, elapsed, { status: response.status, detail: `${method} ${path}: ${complaint}` });
      throw new LoadFailure(operation, response.status, complaint);
    }
    this.metrics.record(operation, elapsed);
    return response.body;
  }

  close(): void {
    this.agent.destroy();
  }
}
