// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { StaffPinDialog } from "./staff-pin-dialog";

afterEach(cleanup);

function renderPad(onSubmit: (pin: string) => Promise<unknown>) {
  const onOpenChange = vi.fn();
  render(<StaffPinDialog open onOpenChange={onOpenChange} description="Finalizar a Lista nº 12." onSubmit={onSubmit} />);
  const dialog = screen.getByRole("dialog", { name: "Quem está atendendo?" });
  return { dialog, onOpenChange, pad: within(dialog).getByRole("group", { name: "Teclado do PIN" }) };
}

const typed = (dialog: HTMLElement) => within(dialog).getByRole("status").getAttribute("aria-label");

describe("the PIN pad ('Quem está atendendo?')", () => {
  it("takes the PIN by touch: digits, 'Apagar', then 'Confirmar', showing only dots", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { dialog, pad, onOpenChange } = renderPad(onSubmit);
    expect(dialog).toHaveAccessibleDescription("Finalizar a Lista nº 12.");
    const confirm = within(pad).getByRole("button", { name: "Confirmar" });
    expect(confirm).toBeDisabled();

    for (const digit of ["1", "2", "3", "9"]) await user.click(within(pad).getByRole("button", { name: digit }));
    await user.click(within(pad).getByRole("button", { name: "Apagar" }));
    await user.click(within(pad).getByRole("button", { name: "4" }));
    expect(typed(dialog)).toBe("PIN: 4 de até 6 dígitos digitados");
    expect(within(dialog).getByRole("status")).toHaveTextContent("");

    await user.click(confirm);
    expect(onSubmit).toHaveBeenCalledWith("1234");
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("takes the PIN from the keyboard: digits, Backspace and Enter; never more than 6 digits", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { dialog } = renderPad(onSubmit);
    await user.keyboard("98765");
    await user.keyboard("{Backspace}");
    await user.keyboard("4321");
    expect(typed(dialog)).toBe("PIN: 6 de até 6 dígitos digitados");
    await user.keyboard("{Enter}");
    expect(onSubmit).toHaveBeenCalledWith("987643");
  });

  it("shows the server's 'PIN inválido.' and lets the clerk try again", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValueOnce(new ApiError(403, "PIN inválido.")).mockResolvedValueOnce(undefined);
    const { dialog, onOpenChange } = renderPad(onSubmit);
    await user.keyboard("0000{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("PIN inválido.");
    expect(typed(dialog)).toBe("PIN: 0 de até 6 dígitos digitados");
    expect(onOpenChange).not.toHaveBeenCalledWith(false);

    await user.keyboard("2468{Enter}");
    expect(onSubmit).toHaveBeenLastCalledWith("2468");
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
