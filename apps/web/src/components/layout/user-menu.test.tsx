// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "@/lib/session";
import { renderWithClient } from "@/testing/fake-api";
import { UserMenu } from "./user-menu";

afterEach(() => vi.unstubAllGlobals());

describe("the user menu, which loads after the screen", () => {
  it("opens at a press made before it had arrived, and the focus goes back to the same button", async () => {
    // The page never idle: the menu loads at the press alone.
    vi.stubGlobal("requestIdleCallback", () => 0);
    vi.stubGlobal("cancelIdleCallback", () => {});
    const { user } = renderWithClient(
      <MemoryRouter>
        <SessionProvider>
          <UserMenu user={{ id: "1", username: "Loja Centro Sul", email: "centro@rede.com.br", role: "Usuário básico" }} />
        </SessionProvider>
      </MemoryRouter>,
    );
    const button = () => screen.getByRole("button", { name: "Menu do usuário CS" });
    expect(button()).not.toHaveAttribute("data-state");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();

    await user.click(button());
    // The module is fetched (here, transformed) at the press: give it time.
    expect(await screen.findByRole("menuitem", { name: "Sair" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Segurança da conta" })).toBeInTheDocument();
    expect(button()).toHaveAttribute("aria-expanded", "true");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menuitem", { name: "Sair" })).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
  });
});
