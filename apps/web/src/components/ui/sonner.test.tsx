// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { Toaster } from "@/components/ui/sonner";
import { toast } from "@/lib/toast";

afterEach(cleanup);

describe("Toaster", () => {
  it("applies the theme prop and the spec's bottom-right placement, lifted by the action bars' clearance, in Portuguese", async () => {
    render(<Toaster theme="dark" />);
    act(() => {
      toast.success("Lista de separação salva");
    });

    const message = await screen.findByText("Lista de separação salva");
    const list = message.closest("ol");
    expect(list).toHaveAttribute("data-sonner-theme", "dark");
    expect(list).toHaveAttribute("data-x-position", "right");
    expect(list).toHaveAttribute("data-y-position", "bottom");
    expect(list?.style.getPropertyValue("--offset-bottom")).toBe("calc(24px + var(--toast-lift, 0px))");
    expect(message.closest("[data-sonner-toast]")).toHaveAttribute("data-rich-colors", "true");
    expect(screen.getByRole("region", { name: /^Notificações/ })).toBeInTheDocument();
  });
});
