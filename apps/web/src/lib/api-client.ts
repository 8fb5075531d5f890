import { SEARCH_HEADER } from "@passo/domain/headers";
import { readCookie } from "./cookies";

/** A request gives up after 10 s. */
export const API_TIMEOUT_MS = 10_000;
export const TOKEN_COOKIE = "token";

/** A refused or failed call: the server's Portuguese `error` (or `message`), the status, and the body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

/**
 * A query with its `search` (a CPF, an order number) taken out, and the headers that carry it
 * instead (X-Search, percent-encoded): a CPF never travels in a URL, which servers and proxies log.
 */
export function withSearchHeader(query: Query | undefined, headers: Record<string, string> = {}): { query: Query | undefined; headers: Record<string, string> } {
  const search = query?.search;
  if (query === undefined || search === undefined || search === null || search === "") return { query, headers };
  const { search: _search, ...rest } = query;
  return { query: rest, headers: { ...headers, [SEARCH_HEADER]: encodeURIComponent(String(search)) } };
}

export function toSearchParams(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Sends a request and returns the parsed JSON, or throws ApiError. It has no side effects:
 * toasts and the redirect to /login live in the query client (lib/query-client.ts, created in app/signed-in.tsx).
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const moved = withSearchHeader(options.query, { accept: "application/json", ...options.headers });
  const headers = moved.headers;
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`/api${path}${toSearchParams(moved.query)}`, { method, headers, body, signal });
  } catch (err) {
    if (timeout.aborted) throw new ApiError(0, "O servidor demorou demais para responder. Tente novamente.");
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, "Não foi possível conectar ao servidor. Verifique a sua conexão.");
  }
  const text = await response.text();
  let json: Record<string, unknown> = {};
  if (text) {
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = {};
    }
  }
  if (!response.ok) {
    const message = typeof json.error === "string" ? json.error : typeof json.message === "string" ? json.message : "Ocorreu um erro";
    throw new ApiError(response.status, message, json);
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>("GET", path, { query, signal }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>("POST", path, { body, headers }),
  put: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>("PUT", path, { body, headers }),
  delete: <T>(path: string) => request<T>("DELETE", path),
};
