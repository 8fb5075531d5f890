import { describe, expect, it } from "vitest";
import { filtersFromUrl, historyLink } from "./use-history-filters";

describe("a history screen opened by a link", () => {
  it("carries the filters a dashboard chose, and reads them back", () => {
    const link = historyLink("/return-history", { from: "2026-03-01", to: "2026-03-31", store: "Loja Batel", status: "Devolução recusada", search: "" });
    expect(link).toBe("/return-history?from=2026-03-01&to=2026-03-31&store=Loja+Batel&status=Devolu%C3%A7%C3%A3o+recusada");
    expect(filtersFromUrl(new URL(link, "http://x").searchParams)).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
      store: "Loja Batel",
      status: "Devolução recusada",
      search: "",
    });
  });

  it("keeps the stored filters when the link carries none, and leaves out a day that is not one", () => {
    expect(historyLink("/pickup-history", {})).toBe("/pickup-history");
    expect(filtersFromUrl(new URLSearchParams("tab=2"))).toBeUndefined();
    expect(filtersFromUrl(new URLSearchParams("from=31/03/2026&status=Aguardando+retirada"))).toEqual({ store: "", status: "Aguardando retirada", search: "" });
  });
});
