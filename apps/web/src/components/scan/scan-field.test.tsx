// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ScanField } from "./scan-field";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a scanner's field", () => {
  it("hands over the trimmed code on Enter, empties itself and shows the answer", async () => {
    const user = userEvent.setup();
    const onScan = vi.fn(() => ({ tone: "error" as const, message: "Código não encontrado nesta lista." }));
    render(<ScanField label="Escanear código" onScan={onScan} />);
    const field = screen.getByRole("textbox", { name: "Escanear código" });
    await user.click(field);
    await user.keyboard("  123456 {Enter}");
    expect(onScan).toHaveBeenCalledWith("123456");
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
    expect(await screen.findByText("Código não encontrado nesta lista.")).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it("offers the camera only where the browser reads barcodes", () => {
    const { unmount } = render(<ScanField label="Escanear código" onScan={() => undefined} />);
    expect(screen.queryByRole("button", { name: "Escanear com a câmera" })).not.toBeInTheDocument();
    unmount();

    vi.stubGlobal("BarcodeDetector", class {});
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia: vi.fn() } });
    render(<ScanField label="Escanear código" onScan={() => undefined} />);
    expect(screen.getByRole("button", { name: "Escanear com a câmera" })).toBeInTheDocument();
  });

  it("takes the focus when it shows up, but not from where the person is already at work on the screen", () => {
    const { unmount } = render(<ScanField label="Escanear pedido ou CPF" onScan={() => undefined} />);
    expect(screen.getByRole("textbox", { name: "Escanear pedido ou CPF" })).toHaveFocus();
    unmount();

    render(
      <main>
        <ScanField label="Escanear código" onScan={() => undefined} />
        <ScanField label="Outro código" onScan={() => undefined} />
      </main>,
    );
    expect(screen.getByRole("textbox", { name: "Escanear código" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Outro código" })).not.toHaveFocus();
  });

  it("leaves the focus in a menu the person opened while the screen loaded, so the menu stays open", async () => {
    const user = userEvent.setup();
    function Screen({ loaded }: { loaded: boolean }) {
      return (
        <>
          {/* As the header's user menu: not modal, so a focus outside it closes it. */}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button>Menu do usuário</Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem>Segurança da conta</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <main>{loaded && <ScanField label="Escanear pedido ou CPF" onScan={() => undefined} />}</main>
        </>
      );
    }
    const { rerender } = render(<Screen loaded={false} />);
    await user.click(screen.getByRole("button", { name: "Menu do usuário" }));
    expect(await screen.findByRole("menuitem", { name: "Segurança da conta" })).toBeInTheDocument();
    rerender(<Screen loaded />);
    expect(screen.getByRole("textbox", { name: "Escanear pedido ou CPF" })).not.toHaveFocus();
    expect(screen.getByRole("menuitem", { name: "Segurança da conta" })).toBeInTheDocument();
  });

  it("gets the focus back when a dialog closes, not the button that opened it", async () => {
    const user = userEvent.setup();
    render(
      <main>
        <ScanField label="Escanear pedido ou CPF" onScan={() => undefined} />
        <ConfirmDialog title="Confirmar recebimento" description="Tem certeza?" onConfirm={() => undefined} trigger={<Button>Abrir</Button>} />
      </main>,
    );
    await user.click(screen.getByRole("button", { name: "Abrir" }));
    await user.click(await screen.findByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Escanear pedido ou CPF" })).toHaveFocus());
  });
});
