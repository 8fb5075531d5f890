import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../testing/test-app.js";

const t = useTestApp();

const TRIES = 9;

let tries = 0;

async function failedLoginTime(email: string): Promise<number> {
  // Each try from its own address, so the throttle never makes one wait (modules/auth/login-throttle.ts).
  const remoteAddress = `192.0.2.${++tries}`;
  const started = performance.now();
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "senha-errada-123" }, remoteAddress });
  const elapsed = performance.now() - started;
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: "E-mail ou senha inválidos." });
  return elapsed;
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

describe("a failed login", () => {
  // The same answer in about the same time whether the e-mail exists or not, so timing cannot list accounts.
  it("takes about as long for an unknown e-mail as for a wrong password", async () => {
    const store = await t.createStore("Loja Cronometrada");
    const users = (await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(t.adminToken) })).json().users as { id: string; email: string }[];
    const email = users.find((u) => u.id === store.id)!.email;
    // The first password check of a process also computes the decoy hash: warm up before measuring.
    await failedLoginTime("aquecimento@passo.test");

    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    // Interleaved, so a busy machine slows both series alike.
    for (let i = 0; i < TRIES; i++) {
      wrongPassword.push(await failedLoginTime(email));
      unknownEmail.push(await failedLoginTime(`ninguem.${i}@passo.test`));
    }

    // Skipping the password check for unknown e-mails would make them ~20× faster; a 4× bound tolerates a machine busy with other test files.
    const [faster, slower] = [median(wrongPassword), median(unknownEmail)].sort((a, b) => a - b) as [number, number];
    expect(faster * 4).toBeGreaterThan(slower);
  });
});
