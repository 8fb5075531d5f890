// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi, writes, type ApiCall } from "@/testing/fake-api";
import { StoreStaffSection } from "./store-staff-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STORE = "Loja Centro";
const GINA = { id: "s-1", name: "Gina Gerente", store: STORE, active: true, manager: true };

/** The server's rule: the list answers only to the manager's PIN 2468. */
const list = (call: ApiCall): [number, unknown] =>
  call.query.get("staffPin") === "2468" ? [200, { staff: [GINA] }] : [403, { error: "PIN inválido." }];

describe("'Atendentes' on the store's own settings", () => {
  it("asks for a manager's PIN first, shows the server's refusal, then the staff; every change carries the PIN", async () => {
    const calls = stubApi({
      "GET /api/staff/get": list,
      "POST /api/staff/create": [201, { message: "Atendente criado com sucesso!", staff: { id: "s-2", name: "Hugo", store: STORE, active: true, manager: false } }],
    });
    const { user } = renderWithClient(<StoreStaffSection store={STORE} />);
    const pin = screen.getByLabelText("PIN do gerente");
    expect(pin).toHaveAttribute("type", "password");
    expect(pin).toHaveAttribute("inputmode", "numeric");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();

    await user.type(pin, "12ab39");
    expect(pin).toHaveValue("1239");
    await user.click(screen.getByRole("button", { name: "Ver atendentes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("PIN inválido.");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();

    await user.type(pin, "2468");
    await user.click(screen.getByRole("button", { name: "Ver atendentes" }));
    const table = await screen.findByRole("table", { name: `Atendentes de ${STORE}` });
    expect(within(table).getByRole("row", { name: /Gina Gerente/ })).toHaveTextContent("Gerente");

    await user.click(screen.getByRole("button", { name: "Novo atendente" }));
    const form = screen.getByRole("dialog", { name: "Novo atendente" });
    await user.type(within(form).getByLabelText("Nome"), "Hugo");
    await user.type(within(form).getByLabelText("PIN"), "13");
    await user.click(within(form).getByRole("button", { name: "Criar atendente" }));
    expect(await within(form).findByText("O PIN deve ter de 4 a 6 dígitos.")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("PIN"), "57");
    await user.click(within(form).getByRole("button", { name: "Criar atendente" }));
    await vi.waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: "POST", path: "/api/staff/create", body: { name: "Hugo", pin: "1357", manager: false, store: STORE, staffPin: "2468" } });
  });
});
