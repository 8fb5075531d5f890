// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi, writes } from "@/testing/fake-api";
import { DeadlinesSettings } from "./deadlines-settings";
import { SCREEN_TEXTS } from "@/testing/screen-texts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEFAULTS = { reminderDays: [3, 7], escalationDays: 10, overdueDays: 15, picklistStartHours: 24 };
const save = () => screen.getByRole("button", { name: "Salvar" });

describe("Prazos", () => {
  it("shows the saved deadlines and refuses repeated days and a deadline before the escalation", async () => {
    const calls = stubApi({ "GET /api/deadlines/get": [200, { deadlines: DEFAULTS }] });
    const { user } = renderWithClient(<DeadlinesSettings {...SCREEN_TEXTS} />);
    const days = await screen.findByLabelText("Dias dos lembretes ao cliente");
    expect(days).toHaveValue("3, 7");
    await user.clear(days);
    await user.type(days, "3, 3");
    await user.clear(screen.getByLabelText("Prazo de retirada (dias)"));
    await user.type(screen.getByLabelText("Prazo de retirada (dias)"), "5");
    await user.click(save());

    expect(await screen.findByText("Os dias de lembrete não podem se repetir.")).toBeInTheDocument();
    expect(screen.getByText("O prazo de retirada não pode vencer antes do dia do escalonamento.")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("wants the reminders before the escalation, said at the reminder field", async () => {
    const calls = stubApi({ "GET /api/deadlines/get": [200, { deadlines: DEFAULTS }] });
    const { user } = renderWithClient(<DeadlinesSettings {...SCREEN_TEXTS} />);
    const days = await screen.findByLabelText("Dias dos lembretes ao cliente");
    await user.clear(days);
    await user.type(days, "3, 12");
    await user.click(save());

    await waitFor(() => expect(days).toHaveAccessibleDescription(expect.stringContaining("Os dias de lembrete devem vir antes do dia do escalonamento.")));
    expect(writes(calls)).toEqual([]);
  });

  it("saves the values trimmed and the days in order", async () => {
    const saved = { reminderDays: [2, 5], escalationDays: 8, overdueDays: 12, picklistStartHours: 48 };
    const calls = stubApi({
      "GET /api/deadlines/get": [200, { deadlines: DEFAULTS }],
      "PUT /api/deadlines/update": [200, { message: "Prazos atualizados com sucesso!", deadlines: saved }],
    });
    const { user } = renderWithClient(<DeadlinesSettings {...SCREEN_TEXTS} />);
    const fill = async (label: string, value: string) => {
      await user.clear(await screen.findByLabelText(label));
      await user.type(screen.getByLabelText(label), value);
    };
    await fill("Dias dos lembretes ao cliente", " 5, 2 ");
    await fill("Dia do escalonamento", " 8");
    await fill("Prazo de retirada (dias)", "12 ");
    await fill("Horas para iniciar uma lista", "48");
    await user.click(save());

    await waitFor(() => expect(writes(calls)).toEqual([expect.objectContaining({ method: "PUT", path: "/api/deadlines/update", body: saved })]));
    await waitFor(() => expect(screen.getByLabelText("Dias dos lembretes ao cliente")).toHaveValue("2, 5"));
  });
});
