import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { vi } from "vitest";

/** What the component sent: method, path, query and JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Answer = [status: number, body: unknown];
/** A handler may answer later (a promise): e.g. a request still on its way while the screen draws. */
export type Handler = (call: ApiCall) => Answer | undefined | Promise<Answer | undefined>;

export const COMPANY_CONFIG = {
  productName: "Passo",
  companyName: "Rede Exemplo",
  companyEmailDomain: "rede.com.br",
  timezone: "America/Sao_Paulo",
};

/**
 * Stubs `fetch`, the network edge: `routes` answers by "METHOD /api/path"; GET /api/config answers
 * the chain above; anything else is a 404. Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, Answer | Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      const call: ApiCall = {
        method: init.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer: Answer | undefined =
        typeof route === "function" ? await route(call) : route ?? (call.path === "/api/config" ? [200, COMPANY_CONFIG] : undefined);
      const [status, body] = answer ?? [404, { error: "Não encontrado." }];
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

/** Renders inside a fresh query client; returns a user-event session. */
export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { user: userEvent.setup(), client, ...result };
}

/** The writes among the calls (POST, PUT, DELETE). */
export const writes = (calls: readonly ApiCall[]) => calls.filter((call) => call.method !== "GET");
