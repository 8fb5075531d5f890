// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { RowsPerPage } from "@/components/data-table/rows-per-page";
import { ROWS_PER_PAGE_KEY } from "@/hooks/use-rows-per-page";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("RowsPerPage", () => {
  it("offers 6 to 20 rows, starting at 8", async () => {
    const user = userEvent.setup();
    render(<RowsPerPage />);

    const select = screen.getByRole("combobox", { name: "Linhas:" });
    expect(select).toHaveTextContent("8");

    await user.click(select);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "6",
      "8",
      "10",
      "12",
      "14",
      "16",
      "18",
      "20",
    ]);
  });

  it("saves the choice under rowsPerPage and every table on the page follows it", async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <>
        <RowsPerPage onValueChange={onValueChange} />
        <RowsPerPage />
      </>,
    );

    const [first, second] = screen.getAllByRole("combobox", { name: "Linhas:" }) as [HTMLElement, HTMLElement];
    await user.click(first);
    await user.click(screen.getByRole("option", { name: "14" }));

    expect(localStorage.getItem(ROWS_PER_PAGE_KEY)).toBe("14");
    expect(onValueChange).toHaveBeenCalledWith(14);
    expect(first).toHaveTextContent("14");
    expect(second).toHaveTextContent("14");
  });

  it("starts from the stored choice and follows a change made in another tab", () => {
    localStorage.setItem(ROWS_PER_PAGE_KEY, "12");
    render(<RowsPerPage />);
    const select = screen.getByRole("combobox", { name: "Linhas:" });
    expect(select).toHaveTextContent("12");

    act(() => {
      localStorage.setItem(ROWS_PER_PAGE_KEY, "20");
      window.dispatchEvent(new StorageEvent("storage", { key: ROWS_PER_PAGE_KEY, newValue: "20" }));
    });
    expect(select).toHaveTextContent("20");
  });

  it("falls back to 8 when the stored value is not an option", () => {
    localStorage.setItem(ROWS_PER_PAGE_KEY, "7");
    render(<RowsPerPage />);
    expect(screen.getByRole("combobox", { name: "Linhas:" })).toHaveTextContent("8");
  });
});
