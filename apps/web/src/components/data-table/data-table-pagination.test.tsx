// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { DataTablePagination, pageItems } from "@/components/data-table/data-table-pagination";
import { totalPages } from "@/lib/pagination";

afterEach(cleanup);

describe("totalPages", () => {
  it("is at least one page and rounds a partial page up", () => {
    expect(totalPages(0, 8)).toBe(1);
    expect(totalPages(8, 8)).toBe(1);
    expect(totalPages(9, 8)).toBe(2);
    expect(totalPages(160, 8)).toBe(20);
  });
});

describe("pageItems", () => {
  it("lists every page when there are few", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("folds the far pages of a long history into ellipses", () => {
    expect(pageItems(5, 20)).toEqual([1, "start-ellipsis", 4, 5, 6, "end-ellipsis", 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, "end-ellipsis", 20]);
    expect(pageItems(20, 20)).toEqual([1, "start-ellipsis", 16, 17, 18, 19, 20]);
  });
});

describe("DataTablePagination", () => {
  it("highlights the current page and disables Anterior on the first page", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<DataTablePagination page={1} pageSize={8} total={20} onPageChange={onPageChange} />);

    expect(screen.getByRole("button", { name: "Página 1" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: "Página 2" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("button", { name: "Anterior" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Próximo" })).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Página 3" }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole("button", { name: "Próximo" }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it("disables Próximo on the last page and shows ellipses for many pages", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<DataTablePagination page={20} pageSize={8} total={160} onPageChange={onPageChange} />);

    expect(screen.getByRole("button", { name: "Página 20" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: "Próximo" })).toBeDisabled();
    expect(screen.getByText("Mais páginas")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Página 10" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Anterior" }));
    expect(onPageChange).toHaveBeenCalledWith(19);
  });

  it("has a single, current page when there are no results", () => {
    render(<DataTablePagination page={1} pageSize={8} total={0} onPageChange={() => {}} />);
    expect(screen.getByRole("button", { name: "Página 1" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: "Anterior" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Próximo" })).toBeDisabled();
  });
});
