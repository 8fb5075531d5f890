// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi } from "@/testing/fake-api";
import { NotFoundProductsCard } from "./not-found-products-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BY_SKU = [
  { key: "48213042", sku: "48213042", reference: "482130", description: "TÊNIS RUNNER MASC PRETO", size: "42", color: "PRETO", count: 3 },
  { key: "MEIA ESPORTIVA 39 55566601", sku: null, reference: null, description: "MEIA ESPORTIVA 39 55566601", size: null, color: null, count: 1 },
];
const BY_REFERENCE = [
  {
    key: "482130",
    sku: null,
    reference: "482130",
    description: "TÊNIS RUNNER MASC PRETO",
    size: null,
    color: "PRETO",
    count: 4,
    sizes: [
      { size: "41", sku: "48213041", count: 1 },
      { size: "42", sku: "48213042", count: 3 },
    ],
  },
];

describe("'Produtos mais vezes não encontrados' by product", () => {
  it("lists the catalog's products by SKU with their size, then by model with each size's count", async () => {
    const calls = stubApi({
      "GET /api/metrics/not-found-products": (call) => [200, { products: call.query.get("by") === "reference" ? BY_REFERENCE : BY_SKU }],
    });
    const { user } = renderWithClient(
      <MemoryRouter>
        <NotFoundProductsCard query={{ from: "2026-11-01", to: "2026-11-27" }} productLink={(item) => `/picklist-process?item=${encodeURIComponent(item)}`} />
      </MemoryRouter>,
    );
    const bySku = await screen.findByRole("link", { name: "TÊNIS RUNNER MASC PRETO 42 · SKU 48213042" });
    // The office opens the product's unfound rows by its item text.
    expect(bySku).toHaveAttribute("href", `/picklist-process?item=${encodeURIComponent("TÊNIS RUNNER MASC PRETO 42 48213042")}`);
    expect(screen.getByRole("link", { name: "MEIA ESPORTIVA 39 55566601" })).toBeInTheDocument();
    expect(calls.at(-1)?.query.get("by")).toBe("sku");

    await user.click(screen.getByRole("button", { name: "Por referência" }));
    const model = (await screen.findByText("TÊNIS RUNNER MASC PRETO · Ref. 482130")).closest("li")!;
    expect(within(model).getByText("Tamanhos: 41 (1) · 42 (3)")).toBeInTheDocument();
    expect(within(model).getByText("4")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
  }, 15_000);
});
