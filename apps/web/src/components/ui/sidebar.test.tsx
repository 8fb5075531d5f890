// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  type SidebarProviderProps,
} from "@/components/ui/sidebar";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Layout(props: SidebarProviderProps) {
  return (
    <SidebarProvider {...props}>
      <Sidebar collapsible="icon">
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Operação</SidebarGroupLabel>
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton isActive tooltip="Separação">
                  <span>Separação</span>
                </SidebarMenuButton>
              </SidebarMenuItem>
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <SidebarTrigger />
      </SidebarInset>
    </SidebarProvider>
  );
}

function sidebarState(container: HTMLElement) {
  return container.querySelector('[data-slot="sidebar"]')?.getAttribute("data-state");
}

describe("Sidebar", () => {
  it("toggles with Ctrl+B (and Cmd+B) and reports each change through onOpenChange", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { container } = render(<Layout onOpenChange={onOpenChange} />);

    expect(sidebarState(container)).toBe("expanded");
    const trigger = screen.getByRole("button", { name: "Alternar barra lateral" });
    expect(trigger).toHaveAttribute("aria-expanded", "true");

    await user.keyboard("{Control>}b{/Control}");
    expect(sidebarState(container)).toBe("collapsed");
    expect(container.querySelector('[data-slot="sidebar"]')).toHaveAttribute("data-collapsible", "icon");
    expect(trigger).toHaveAttribute("aria-expanded", "false");

    await user.keyboard("{Meta>}b{/Meta}");
    expect(sidebarState(container)).toBe("expanded");
    expect(onOpenChange.mock.calls).toEqual([[false], [true]]);

    await user.click(trigger);
    expect(sidebarState(container)).toBe("collapsed");
  });

  it("starts from defaultOpen and follows the open prop when controlled", async () => {
    const user = userEvent.setup();
    const collapsed = render(<Layout defaultOpen={false} />);
    expect(sidebarState(collapsed.container)).toBe("collapsed");
    collapsed.unmount();

    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <span data-testid="open">{String(open)}</span>
          <Layout open={open} onOpenChange={setOpen} />
        </>
      );
    }
    const { container } = render(<Controlled />);
    await user.keyboard("{Control>}b{/Control}");
    expect(screen.getByTestId("open")).toHaveTextContent("false");
    expect(sidebarState(container)).toBe("collapsed");
  });

  it("marks the active menu button with aria-current", () => {
    render(<Layout />);
    expect(screen.getByRole("button", { name: "Separação" })).toHaveAttribute("aria-current", "page");
  });

  it("shows the menu button's tooltip only while collapsed to icons", async () => {
    const user = userEvent.setup();
    render(<Layout />);

    await user.tab();
    expect(screen.getByRole("button", { name: "Separação" })).toHaveFocus();
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();

    await user.keyboard("{Control>}b{/Control}");
    await user.tab();
    await user.tab({ shift: true });
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Separação");
  });

  it("is a Sheet overlay under 768 px", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({
          matches: query.includes("max-width: 767px"),
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const user = userEvent.setup();
    render(<Layout />);

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.keyboard("{Control>}b{/Control}");
    // The sheet's module arrives after the page (sidebar-overlays.tsx): opening it loads it at once.
    expect(await screen.findByRole("dialog", { name: "Barra lateral" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
