import { describe, expect, it } from "vitest";
import { HttpError } from "../../lib/errors.js";
import { LoginThrottle } from "./login-throttle.js";

describe("login throttle", () => {
  it("stops an account after ten failures and lets it in again after the window", () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 10; i++) {
      throttle.check("1.1.1.1", "loja@x.com");
      throttle.failed("1.1.1.1", "loja@x.com");
    }
    expect(() => throttle.check("2.2.2.2", "LOJA@x.com")).toThrow(HttpError);
    expect(() => throttle.check("1.1.1.1", "outra@x.com")).not.toThrow();
    now += 15 * 60 * 1000;
    expect(() => throttle.check("1.1.1.1", "loja@x.com")).not.toThrow();
  });

  it("never counts successful sign-ins, and a success clears the account's failures", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 9; i++) throttle.failed("1.1.1.1", "loja@x.com");
    throttle.succeeded("loja@x.com");
    for (let i = 0; i < 9; i++) throttle.failed("1.1.1.1", "loja@x.com");
    expect(() => throttle.check("1.1.1.1", "loja@x.com")).not.toThrow();
  });

  it("stops an address that tries many accounts", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 50; i++) throttle.failed("3.3.3.3", `conta${i}@x.com`);
    expect(() => throttle.check("3.3.3.3", "nova@x.com")).toThrow(/Muitas tentativas de acesso/);
  });
});
