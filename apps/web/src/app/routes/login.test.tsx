import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { twMerge } from "tailwind-merge";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "@/lib/session";
import { COMPANY_CONFIG, stubApi } from "@/testing/fake-api";
import LoginRoute from "./login";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the login page", () => {
  it("shows the chain's name, read with a plain request", async () => {
    const calls = stubApi({});
    render(
      <MemoryRouter initialEntries={["/login"]}>
        <SessionProvider>
          <LoginRoute />
        </SessionProvider>
      </MemoryRouter>,
    );
    expect((await screen.findByText(COMPANY_CONFIG.companyName)).tagName).toBe("P");
    expect(calls.filter((c) => c.path === "/api/config")).toHaveLength(1);
  });

  // It loads without tailwind-merge (lib/utils.ts): every class list must already be what merging gives.
  it("passes its components no Tailwind classes that conflict", async () => {
    stubApi({});
    const { container } = render(
      <MemoryRouter initialEntries={["/login"]}>
        <SessionProvider>
          <LoginRoute />
        </SessionProvider>
      </MemoryRouter>,
    );
    await screen.findByRole("button", { name: "Entrar" });
    const lists = [...container.querySelectorAll("[class]")].map((el) => el.getAttribute("class") ?? "");
    expect(lists.length).toBeGreaterThan(10);
    for (const list of lists) expect(twMerge(list)).toBe(list);
  });
});
