// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
} from "@/components/ui/pagination";

afterEach(cleanup);

describe("Pagination", () => {
  it("marks the active page with aria-current and labels Anterior/Próximo in Portuguese", async () => {
    const user = userEvent.setup();
    const goTo = vi.fn();

    render(
      <Pagination>
        <PaginationContent>
          <PaginationItem>
            <PaginationPrevious onClick={() => goTo(1)} />
          </PaginationItem>
          <PaginationItem>
            <PaginationLink onClick={() => goTo(1)}>1</PaginationLink>
          </PaginationItem>
          <PaginationItem>
            <PaginationLink isActive onClick={() => goTo(2)}>
              2
            </PaginationLink>
          </PaginationItem>
          <PaginationItem>
            <PaginationEllipsis />
          </PaginationItem>
          <PaginationItem>
            <PaginationNext disabled onClick={() => goTo(3)} />
          </PaginationItem>
        </PaginationContent>
      </Pagination>,
    );

    expect(screen.getByRole("navigation", { name: "Paginação" })).toBeInTheDocument();

    const active = screen.getByRole("button", { name: "2" });
    expect(active).toHaveAttribute("aria-current", "page");
    expect(active).toHaveAttribute("data-active", "true");
    expect(screen.getByRole("button", { name: "1" })).not.toHaveAttribute("aria-current");

    const previous = screen.getByRole("button", { name: "Anterior" });
    const next = screen.getByRole("button", { name: "Próximo" });
    expect(previous).toHaveAttribute("type", "button");
    expect(next).toBeDisabled();
    expect(screen.getByText("Mais páginas")).toBeInTheDocument();

    await user.click(previous);
    await user.click(screen.getByRole("button", { name: "1" }));
    await user.click(next);
    expect(goTo.mock.calls).toEqual([[1], [1]]);
  });

  it("renders links when given an href", () => {
    render(
      <Pagination>
        <PaginationContent>
          <PaginationItem>
            <PaginationPrevious href="?pagina=1" />
          </PaginationItem>
          <PaginationItem>
            <PaginationLink href="?pagina=2" isActive>
              2
            </PaginationLink>
          </PaginationItem>
        </PaginationContent>
      </Pagination>,
    );

    expect(screen.getByRole("link", { name: "Anterior" })).toHaveAttribute("href", "?pagina=1");
    expect(screen.getByRole("link", { name: "2" })).toHaveAttribute("aria-current", "page");
  });
});
