// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScanField } from "./scan-field";

/** The browser's camera and barcode reader, faked on window: what the tablet would see is set per test. */
function fakeCamera({ refuse = false, formats = ["qr_code", "code_128", "ean_13", "aztec"] } = {}) {
  const track = { kind: "video", stop: vi.fn() };
  const seen: { codes: string[] } = { codes: [] };
  const created: { formats?: string[] }[] = [];
  class FakeBarcodeDetector {
    static getSupportedFormats = () => Promise.resolve(formats);
    constructor(options: { formats?: string[] } = {}) {
      created.push(options);
    }
    detect() {
      return Promise.resolve(seen.codes.map((rawValue) => ({ rawValue })));
    }
  }
  // happy-dom's MediaStream has no getTracks(): the camera's stream gives its one video track.
  class CameraStream extends MediaStream {
    override getTracks() {
      return [track as unknown as MediaStreamTrack];
    }
  }
  const getUserMedia = vi.fn((_constraints: MediaStreamConstraints) =>
    refuse ? Promise.reject(new DOMException("Permission denied", "NotAllowedError")) : Promise.resolve(new CameraStream()),
  );
  vi.stubGlobal("BarcodeDetector", FakeBarcodeDetector);
  vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia } });
  return { track, seen, created, getUserMedia };
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the camera beside 'Escanear pedido ou CPF'", () => {
  it("is not offered where the browser cannot read barcodes", () => {
    render(<ScanField label="Escanear pedido ou CPF" onScan={() => undefined} />);
    expect(screen.getByRole("textbox", { name: "Escanear pedido ou CPF" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Escanear com a câmera" })).not.toBeInTheDocument();
  });

  it("reads the customer's QR with the rear camera and searches it as if typed, then lets the camera go", async () => {
    const user = userEvent.setup();
    const camera = fakeCamera();
    const onScan = vi.fn(() => ({ tone: "ok" as const, message: "Pedido PC123 aberto." }));
    render(<ScanField label="Escanear pedido ou CPF" onScan={onScan} />);

    await user.click(screen.getByRole("button", { name: "Escanear com a câmera" }));
    const dialog = await screen.findByRole("dialog", { name: "Escanear com a câmera" });
    expect(dialog).toHaveTextContent("Aponte a câmera para o código de barras ou o QR code.");
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: "environment" }, audio: false }));
    // Only the formats the browser knows, among those a counter meets.
    await waitFor(() => expect(camera.created).toEqual([{ formats: ["qr_code", "code_128", "ean_13"] }]));
    expect(onScan).not.toHaveBeenCalled();

    camera.seen.codes = [" 048213 "];
    await waitFor(() => expect(onScan).toHaveBeenCalledWith("048213"));
    expect(onScan).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(camera.track.stop).toHaveBeenCalled();
    expect(await screen.findByText("Pedido PC123 aberto.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Escanear pedido ou CPF" })).toHaveFocus());
  });

  it("stops the camera when the clerk closes the dialog without reading anything", async () => {
    const user = userEvent.setup();
    const camera = fakeCamera();
    const onScan = vi.fn(() => undefined);
    render(<ScanField label="Escanear pedido ou CPF" onScan={onScan} />);

    await user.click(screen.getByRole("button", { name: "Escanear com a câmera" }));
    const dialog = await screen.findByRole("dialog", { name: "Escanear com a câmera" });
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalled());
    await user.click(screen.getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(camera.track.stop).toHaveBeenCalled();
    expect(onScan).not.toHaveBeenCalled();
  });

  it("says politely when the camera is refused, and the field still takes the code", async () => {
    const user = userEvent.setup();
    fakeCamera({ refuse: true });
    const onScan = vi.fn(() => undefined);
    render(<ScanField label="Escanear pedido ou CPF" onScan={onScan} />);

    await user.click(screen.getByRole("button", { name: "Escanear com a câmera" }));
    const dialog = await screen.findByRole("dialog", { name: "Escanear com a câmera" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Não foi possível abrir a câmera. Permita o acesso à câmera ou digite o código.");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await user.type(screen.getByRole("textbox", { name: "Escanear pedido ou CPF" }), "048213{Enter}");
    expect(onScan).toHaveBeenCalledWith("048213");
  });
});
