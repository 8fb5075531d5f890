// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeSignaturePad } from "@/testing/fake-signature-pad";
import { SignaturePad } from "./signature-pad";

vi.mock("signature_pad", async () => ({ default: (await import("@/testing/fake-signature-pad")).FakeSignaturePad }));

afterEach(() => {
  cleanup();
  FakeSignaturePad.instances = [];
});

describe("SignaturePad", () => {
  it("hands over the drawing as a PNG data URL after a stroke, and nothing after 'Limpar'", async () => {
    const onChange = vi.fn();
    render(<SignaturePad onChange={onChange} />);
    expect(screen.getByRole("img", { name: "Assinatura do cliente" })).toBeInTheDocument();
    act(() => FakeSignaturePad.instances.at(-1)!.draw());
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:image\/png;base64,/));
    await userEvent.setup().click(screen.getByRole("button", { name: "Limpar" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(FakeSignaturePad.instances.at(-1)!.isEmpty()).toBe(true);
  });

  it("takes no strokes while disabled", () => {
    render(<SignaturePad onChange={() => undefined} disabled />);
    expect(FakeSignaturePad.instances.at(-1)!.enabled).toBe(false);
    expect(screen.getByRole("button", { name: "Limpar" })).toBeDisabled();
  });
});
