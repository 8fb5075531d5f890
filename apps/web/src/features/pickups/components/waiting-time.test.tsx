// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PickupView } from "../api/get-pickups";
import { WaitingTime, waitingText } from "./waiting-time";

afterEach(cleanup);

const since = "2026-11-10T15:00:00.000Z";
const now = new Date("2026-11-14T16:00:00.000Z");

describe("how long a pickup has waited", () => {
  it("reads in whole days", () => {
    expect(waitingText(0)).toBe("Aguardando há menos de 1 dia");
    expect(waitingText(1)).toBe("Aguardando há 1 dia");
    expect(waitingText(4)).toBe("Aguardando há 4 dias");
  });

  it("marks an overdue pickup, and says nothing of one that does not wait", () => {
    const { rerender } = render(<WaitingTime pickup={{ waitingSince: since, overdue: true } as PickupView} now={now} />);
    expect(screen.getByText("Aguardando há 4 dias")).toBeInTheDocument();
    expect(screen.getByText("Atrasado")).toBeInTheDocument();
    rerender(<WaitingTime pickup={{ waitingSince: null, overdue: false } as PickupView} now={now} />);
    expect(screen.queryByText(/Aguardando há/)).not.toBeInTheDocument();
  });
});
