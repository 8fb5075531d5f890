// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { CopyButton } from "@/components/feedback/copy-button";
import { Toaster } from "@/components/ui/sonner";

const original = Object.getOwnPropertyDescriptor(navigator, "clipboard");

function setClipboard(value: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, "clipboard", { value, configurable: true, writable: true });
}

async function click(element: HTMLElement) {
  // The copy awaits the clipboard: let that promise settle inside act, then let sonner show the toast
  // (it renders on the next tick).
  await act(async () => {
    fireEvent.click(element);
  });
  act(() => vi.advanceTimersByTime(0));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  if (original) Object.defineProperty(navigator, "clipboard", original);
  else Reflect.deleteProperty(navigator, "clipboard");
});

describe("CopyButton", () => {
  it("copies the item's code, says so, and shows a check for one second", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    render(
      <>
        <CopyButton value="TENIS RUNNER 42 12345601" variant="code" />
        <Toaster />
      </>,
    );

    const button = screen.getByRole("button", { name: "Copiar código" });
    await click(button);

    expect(writeText).toHaveBeenCalledWith("123456");
    expect(screen.getByText("Texto copiado para a área de transferência!")).toBeInTheDocument();
    expect(button.querySelector("[data-icon=check]")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(999));
    expect(button.querySelector("[data-icon=check]")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(button.querySelector("[data-icon=check]")).not.toBeInTheDocument();
    expect(button.querySelector("[data-icon=copy]")).toBeInTheDocument();
  });

  it("copies only the digits of a phone number", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    render(<CopyButton value="(41) 99999-9999" variant="phone" />);

    await click(screen.getByRole("button", { name: "Copiar telefone" }));
    expect(writeText).toHaveBeenCalledWith("41999999999");
  });

  it("says the copy failed when the browser refuses it, and shows no check", async () => {
    setClipboard({ writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) });
    render(
      <>
        <CopyButton value="123456" />
        <Toaster />
      </>,
    );

    const button = screen.getByRole("button", { name: "Copiar texto" });
    await click(button);

    expect(screen.getByText("Falha ao copiar o texto.")).toBeInTheDocument();
    expect(button.querySelector("[data-icon=check]")).not.toBeInTheDocument();
  });

  it("says the clipboard is unavailable when the browser has no clipboard API", async () => {
    setClipboard(undefined);
    render(
      <>
        <CopyButton value="123456" label="Copiar número da transferência" />
        <Toaster />
      </>,
    );

    await click(screen.getByRole("button", { name: "Copiar número da transferência" }));
    expect(screen.getByText("API de área de transferência não disponível.")).toBeInTheDocument();
  });
});
