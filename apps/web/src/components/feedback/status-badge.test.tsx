// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { PICKLIST_STATUSES, PICKUP_STATUSES, RETURN_STATUSES } from "@passo/domain";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { StatusBadge } from "@/components/feedback/status-badge";

afterEach(cleanup);

function iconOf(status: string) {
  const badge = screen.getByText(status);
  const icon = badge.querySelector("svg");
  expect(icon).toHaveAttribute("aria-hidden", "true");
  return icon?.getAttribute("data-icon");
}

describe("StatusBadge", () => {
  it("shows a picklist status as its text with its icon", () => {
    render(
      <>
        {PICKLIST_STATUSES.map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
      </>,
    );
    expect(PICKLIST_STATUSES.map(iconOf)).toEqual(["clock", "spinner", "check", "cross"]);
    expect(screen.getByText("Em andamento").querySelector("svg")).toHaveClass("animate-spin");
    expect(screen.getByText("Concluído").querySelector("svg")).toHaveClass("text-success");
    expect(screen.getByText("Não concluído").querySelector("svg")).toHaveClass("text-destructive");
  });

  it("gives pickups a truck in transit, a clock while waiting and a green check once picked up", () => {
    render(
      <>
        {PICKUP_STATUSES.map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
      </>,
    );
    expect(PICKUP_STATUSES.map(iconOf)).toEqual(["truck", "clock", "check"]);
  });

  it("gives each return status its own reading", () => {
    render(
      <>
        {RETURN_STATUSES.map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
      </>,
    );
    expect(RETURN_STATUSES.map(iconOf)).toEqual(["clock", "package-check", "check", "hourglass", "cross"]);
  });

  it("still shows a status it does not know", () => {
    render(<StatusBadge status="Arquivado" />);
    expect(iconOf("Arquivado")).toBe("circle");
  });
});
