// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { addDays, addMonths, format, startOfMonth } from "date-fns";
import { ptBR } from "date-fns/locale";
import type { DateRange } from "react-day-picker";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Calendar } from "@/components/ui/calendar";

afterEach(cleanup);

function monthTitle(date: Date) {
  const text = format(date, "LLLL 'de' y", { locale: ptBR });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function dayButton(grid: HTMLElement, date: Date) {
  // e.g. "Hoje, sexta-feira, 14 de março de 2025" / "sábado, 15 de março de 2025, selecionado"
  const day = format(date, "d 'de' MMMM 'de' y", { locale: ptBR });
  return within(grid).getByRole("button", { name: new RegExp(`, ${day}(,|$)`) });
}

describe("Calendar", () => {
  it("shows two months in Portuguese and disables the days after today", () => {
    const today = new Date();
    render(<Calendar mode="range" numberOfMonths={2} disabled={{ after: new Date() }} />);

    const grids = screen.getAllByRole("grid");
    expect(grids).toHaveLength(2);
    const [current, next] = grids as [HTMLElement, HTMLElement];
    expect(current).toHaveAccessibleName(monthTitle(today));
    expect(next).toHaveAccessibleName(monthTitle(addMonths(today, 1)));
    expect(screen.getByText(monthTitle(today))).toBeInTheDocument();

    // Weekday headers come from date-fns ptBR, Sunday first.
    const headers = [...current.querySelectorAll("thead th")];
    expect(headers.map((th) => th.getAttribute("aria-label"))).toEqual([
      "domingo",
      "segunda-feira",
      "terça-feira",
      "quarta-feira",
      "quinta-feira",
      "sexta-feira",
      "sábado",
    ]);

    expect(dayButton(current, today)).toBeEnabled();
    expect(dayButton(current, today)).toHaveAccessibleName(expect.stringMatching(/^Hoje, /));
    expect(dayButton(next, startOfMonth(addMonths(today, 1)))).toBeDisabled();
    expect(screen.getByRole("button", { name: "Ir para o mês anterior" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ir para o próximo mês" })).toBeInTheDocument();
  });

  it("selects a range with two clicks (controlled, as with a form value)", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();

    function RangePicker() {
      const [range, setRange] = useState<DateRange | undefined>();
      return (
        <Calendar
          mode="range"
          defaultMonth={new Date(2025, 2, 1)}
          numberOfMonths={2}
          selected={range}
          onSelect={(next) => {
            setRange(next);
            onChange(next);
          }}
        />
      );
    }
    render(<RangePicker />);

    const [march] = screen.getAllByRole("grid") as [HTMLElement];
    await user.click(dayButton(march, new Date(2025, 2, 10)));
    await user.click(dayButton(march, addDays(new Date(2025, 2, 10), 4)));

    expect(onChange).toHaveBeenLastCalledWith({ from: new Date(2025, 2, 10), to: new Date(2025, 2, 14) });
    expect(dayButton(march, new Date(2025, 2, 12))).toHaveAttribute("data-range-middle", "true");
  });
});
