// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
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
});
