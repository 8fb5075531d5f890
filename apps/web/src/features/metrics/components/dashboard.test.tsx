// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dashboard } from "./dashboard";

const reads: string[] = [];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  reads.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      reads.push(url);
      return json(500, { error: "O servidor não respondeu como esperado." });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Dashboard", () => {
  it("shows a failed figures request inside the figures' card, and 'Tentar novamente' asks for the figures again", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Dashboard variant="store" />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const figures = screen.getByRole("region", { name: "Números do período" });
    const alert = await within(figures).findByRole("alert");
    expect(alert).toHaveTextContent("Não foi possível carregar os números.");
    expect(alert).toHaveTextContent("O servidor não respondeu como esperado.");
    expect(await screen.findByText("Não foi possível carregar os gráficos.")).toBeInTheDocument();

    const storeReads = () => reads.filter((url) => url.startsWith("/api/metrics/stores")).length;
    const dailyReads = () => reads.filter((url) => url.startsWith("/api/metrics/daily")).length;
    const before = { stores: storeReads(), daily: dailyReads() };
    await user.click(within(alert).getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(storeReads()).toBe(before.stores + 1));
    expect(dailyReads()).toBe(before.daily);
  });
});
