// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Button } from "@/components/ui/button";

afterEach(cleanup);

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("ConfirmDialog", () => {
  it("asks before acting, starting on Cancelar, and closes without acting on Cancelar", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        trigger={<Button>Excluir lista</Button>}
        title="Tem certeza de que deseja excluir?"
        description="Esta ação é irreversível e os dados serão permanentemente excluídos."
        onConfirm={onConfirm}
      />,
    );

    await user.click(screen.getByRole("button", { name: "Excluir lista" }));
    const dialog = screen.getByRole("alertdialog", { name: "Tem certeza de que deseja excluir?" });
    expect(dialog).toHaveAccessibleDescription("Esta ação é irreversível e os dados serão permanentemente excluídos.");
    expect(screen.getByRole("button", { name: "Cancelar" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Confirmar" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("stays open and busy while an async confirm runs, then closes on success", async () => {
    const user = userEvent.setup();
    const run = deferred();
    render(
      <ConfirmDialog
        trigger={<Button>Enviar notificação</Button>}
        title="Enviar notificação?"
        description="A loja receberá um e-mail."
        confirmLabel="Enviar"
        onConfirm={() => run.promise}
      />,
    );

    await user.click(screen.getByRole("button", { name: "Enviar notificação" }));
    await user.click(screen.getByRole("button", { name: "Enviar" }));

    expect(screen.getByRole("button", { name: "Enviar" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeDisabled();
    expect(screen.getByRole("alertdialog")).toHaveAttribute("aria-busy", "true");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();

    run.resolve();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("stays open for another try when the async confirm fails", async () => {
    const user = userEvent.setup();
    const run = deferred();
    render(
      <ConfirmDialog
        trigger={<Button>Excluir</Button>}
        title="Excluir?"
        description="Sem volta."
        confirmLabel="Excluir de vez"
        variant="destructive"
        onConfirm={() => run.promise}
      />,
    );

    await user.click(screen.getByRole("button", { name: "Excluir" }));
    const confirm = screen.getByRole("button", { name: "Excluir de vez" });
    expect(confirm).toHaveAttribute("data-variant", "destructive");
    await user.click(confirm);
    run.reject(new Error("409"));

    await waitFor(() => expect(screen.getByRole("button", { name: "Excluir de vez" })).toBeEnabled());
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });
});
