import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type App } from "../app/app.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, STORE_PASSWORD, bearer, useTestApp } from "../testing/test-app.js";

/**
 * Wrong passwords slow a guesser down and never lock the owner out; client
 * addresses come from X-Forwarded-For only when TRUST_PROXY names the proxy; every 429 says when
 * to try again; 'Alterar a senha' checks the current password under the same throttle.
 */
const t = useTestApp();

/** Each test guesses from its own address: the address's own counter must not carry from one to the next. */
const ATTACKERS = { lockout: "203.0.113.7", wait: "203.0.113.8", spoof: "203.0.113.9", proxied: "203.0.113.10", change: "203.0.113.11" };
const OWNER = "198.51.100.20";

type Headers = Record<string, string>;

function login(app: App, email: string, password: string, remoteAddress: string, headers: Headers = {}) {
  return app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress, headers });
}

/** Moves the clock past a 429's Retry-After (only Date is faked: the database keeps its own timers). */
function waitOut(retryAfter: string | number | string[] | undefined) {
  vi.setSystemTime(Date.now() + Number(retryAfter) * 1000 + 1);
}

async function emailOf(id: string): Promise<string> {
  const users = (await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(t.adminToken) })).json().users;
  return users.find((u: { id: string }) => u.id === id).email;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("guessing passwords", () => {
  it("never locks the administrator out: an attacker's wrong passwords from another address leave the right one working", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const admin = await t.createUserAndLogin("Admin Alvo", "Administrador");
    const email = await emailOf(admin.id);
    let wrongAnswers = 0;
    for (let i = 0; wrongAnswers < 15; i++) {
      const res = await login(t.app, email, `errada-${i}-xx`, ATTACKERS.lockout);
      if (res.statusCode === 429) {
        waitOut(res.headers["retry-after"]);
        continue;
      }
      expect(res.statusCode).toBe(401);
      wrongAnswers++;
    }
    expect((await login(t.app, email, STORE_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it("makes the guessing address wait, the right password included, and says for how long", async () => {
    const store = await t.createStore("Loja Alvo");
    const email = await emailOf(store.id);
    for (let i = 0; i < 5; i++) expect((await login(t.app, email, `errada-${i}-xx`, ATTACKERS.wait)).statusCode).toBe(401);
    const blocked = await login(t.app, email, STORE_PASSWORD, ATTACKERS.wait);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Muitas tentativas de acesso\. Tente novamente em 1 segundo\.$/);
    expect(blocked.headers["retry-after"]).toBe("1");
    expect((await login(t.app, email, STORE_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it("ignores a spoofed X-Forwarded-For when TRUST_PROXY is not set", async () => {
    const store = await t.createStore("Loja Falsa Origem");
    const email = await emailOf(store.id);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await login(t.app, email, `errada-${i}-xx`, ATTACKERS.spoof, { "x-forwarded-for": `192.0.2.${i + 1}` })).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe("behind a proxy TRUST_PROXY names", () => {
  const PROXY = "10.0.0.5";
  let app: App;

  beforeAll(async () => {
    app = await buildApp({ config: { ...t.config, trustProxy: [PROXY] }, database: t.database });
    await app.ready();
    return () => app.close();
  });

  it("counts each client by the X-Forwarded-For the proxy sent, and only the proxy's", async () => {
    const guesser = { "x-forwarded-for": ATTACKERS.proxied };
    for (let i = 0; i < 5; i++) expect((await login(app, ADMIN_EMAIL, `errada-${i}-xx`, PROXY, guesser)).statusCode).toBe(401);
    const limited = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, PROXY, guesser);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // The owner, behind the same proxy, from another address.
    expect((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, PROXY, { "x-forwarded-for": OWNER })).statusCode).toBe(200);
    // A client that is not the proxy cannot pass for another address.
    const direct = "192.0.2.99";
    for (let i = 0; i < 5; i++) {
      expect((await login(app, ADMIN_EMAIL, `errada-${i}-yy`, direct, { "x-forwarded-for": `192.0.2.${i + 10}` })).statusCode).toBe(401);
    }
    expect((await login(app, ADMIN_EMAIL, `errada-5-yy`, direct, { "x-forwarded-for": "192.0.2.50" })).statusCode).toBe(429);
  });
});

describe("'Alterar a senha'", () => {
  it("checks the current password under the same throttle", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = await t.createStore("Loja Senha");
    const change = (password: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/users/change-password/${store.id}`,
        headers: bearer(store.token),
        payload: { password, newPassword: "nova-senha-da-loja", confirmNewPassword: "nova-senha-da-loja" },
        remoteAddress: ATTACKERS.change,
      });
    for (let i = 0; i < 5; i++) {
      const res = await change(`errada-${i}-xx`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("A senha atual está incorreta.");
    }
    const limited = await change(STORE_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("1");
    waitOut(limited.headers["retry-after"]);
    expect((await change(STORE_PASSWORD)).statusCode).toBe(200);
  });
});

describe("every 429", () => {
  it("says when to try again, a refusal that named no wait included", async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    try {
      app.get("/api/teste-429", { config: { access: "public" } }, async () => {
        throw Object.assign(new Error("limite"), { statusCode: 429 });
      });
      await app.ready();
      const res = await app.inject({ method: "GET", url: "/api/teste-429" });
      expect(res.statusCode).toBe(429);
      expect(res.headers["retry-after"]).toBe("60");
    } finally {
      await app.close();
    }
  });
});
