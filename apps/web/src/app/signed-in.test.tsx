import type { User } from "@passo/domain/auth";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOKEN_COOKIE } from "@/lib/api-client";
import { readCookie, removeCookie, writeCookie } from "@/lib/cookies";
import { stubApi, type ApiCall } from "@/testing/fake-api";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";

const STORE_USER: User = { id: "u-batel", username: "Loja Batel", email: "loja.batel@exemplo.com.br", role: "Usuário básico" };
const REFUSED = { error: "Token inválido ou expirado." };
/** The first render loads the lazy chunks (the signed-in layer, the shell, the screen): slow in jsdom. */
const LOADS = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  removeCookie(TOKEN_COOKIE);
  removeCookie("user");
});

/** The session cookies the login page writes. */
function signedInAs(user: User, token = "token-da-loja") {
  writeCookie(TOKEN_COOKIE, token);
  writeCookie("user", JSON.stringify(user));
}

function Address() {
  return <output aria-label="Endereço">{useLocation().pathname}</output>;
}

function renderApp(at: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[at]}>
        <AppRoutes />
        <Address />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** A request that stays on its way until `answer` is called. */
function pending() {
  let answer!: (value: [number, unknown]) => void;
  const promise = new Promise<[number, unknown]>((resolve) => (answer = resolve));
  return { handler: () => promise, answer };
}

describe("the route guard", { timeout: 30_000 }, () => {
  it("draws the screen while the token check is on its way, its queries sent meanwhile", async () => {
    signedInAs(STORE_USER);
    const check = pending();
    const calls: ApiCall[] = stubApi({
      "POST /api/auth/validate-token": check.handler,
      "GET /api/picklist/get": [200, { picklists: [] }],
    });
    renderApp("/picklist-pending");

    await screen.findByRole("heading", { name: "Iniciar separação" }, LOADS);
    await screen.findByText("Nenhuma lista de separação pendente", {}, LOADS);
    expect(calls.some((c) => c.path === "/api/picklist/get")).toBe(true);
    expect(calls.filter((c) => c.path === "/api/auth/validate-token")).toHaveLength(1);

    check.answer([200, { valid: true, user: STORE_USER }]);
    await screen.findByRole("button", { name: "Menu do usuário" }, LOADS);
    expect(screen.getByLabelText("Endereço").textContent).toBe("/picklist-pending");
  });

  it("sends a token the server refuses to /login and ends the session", async () => {
    signedInAs(STORE_USER, "token-adulterado");
    const check = pending();
    stubApi({ "POST /api/auth/validate-token": check.handler, "GET /api/picklist/get": [200, { picklists: [] }] });
    renderApp("/picklist-pending");
    // The screen is drawn from the cookie; the check's refusal then ends the session.
    await screen.findByRole("heading", { name: "Iniciar separação" }, LOADS);

    check.answer([401, REFUSED]);
    await screen.findByRole("button", { name: "Entrar" }, LOADS);
    expect(screen.getByLabelText("Endereço").textContent).toBe("/login");
    expect(screen.queryByRole("heading", { name: "Iniciar separação" })).toBeNull();
    expect(readCookie(TOKEN_COOKIE)).toBeUndefined();
    expect(readCookie("user")).toBeUndefined();
  });

  it("goes to /login when a screen's query is refused before the token check answers", async () => {
    signedInAs(STORE_USER, "token-adulterado");
    const check = pending();
    stubApi({ "POST /api/auth/validate-token": check.handler, "GET /api/picklist/get": [401, REFUSED] });
    renderApp("/picklist-pending");

    await screen.findByRole("button", { name: "Entrar" }, LOADS);
    expect(screen.getByLabelText("Endereço").textContent).toBe("/login");
    expect(readCookie(TOKEN_COOKIE)).toBeUndefined();
    check.answer([401, REFUSED]);
  });

  it("keeps the person signed in when the token check fails for another reason (the server busy, a slow connection), and checks again", async () => {
    signedInAs(STORE_USER);
    let checks = 0;
    stubApi({
      "POST /api/auth/validate-token": () => (++checks === 1 ? [503, { error: "Serviço indisponível." }] : [200, { valid: true, user: STORE_USER }]),
      "GET /api/picklist/get": [200, { picklists: [] }],
    });
    renderApp("/picklist-pending");

    await screen.findByRole("heading", { name: "Iniciar separação" }, LOADS);
    // The second check answers after about a second: signed in all along.
    await screen.findByRole("button", { name: "Menu do usuário" }, LOADS);
    expect(checks).toBe(2);
    expect(screen.getByLabelText("Endereço").textContent).toBe("/picklist-pending");
    expect(screen.queryByRole("button", { name: "Entrar" })).toBeNull();
    expect(readCookie(TOKEN_COOKIE)).toBe("token-da-loja");
  });
});
