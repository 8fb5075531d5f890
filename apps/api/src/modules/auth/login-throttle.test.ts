import { describe, expect, it } from "vitest";
import { HttpError } from "../../lib/errors.js";
import { LoginThrottle, throttledAddress } from "./login-throttle.js";

/** A wrong password from `ip` for `account`, under the throttle. */
function wrong(throttle: LoginThrottle, ip: string, account: string): void {
  throttle.begin(ip, account);
}

function refusal(run: () => void): HttpError | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
}

describe("login throttle", () => {
  it("lets five wrong passwords through, then makes each next try wait 1, 2, 4... seconds, at most a minute", () => {
    let now = 0;
    const throttle = new LoginThrottle({ now: () => now });
    for (let i = 0; i < 5; i++) wrong(throttle, "1.1.1.1", "loja@x.com");
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = refusal(() => throttle.begin("1.1.1.1", "loja@x.com"));
      expect(refused?.statusCode).toBe(429);
      const seconds = Number(refused!.headers["retry-after"]);
      waits.push(seconds);
      now += seconds * 1000;
      wrong(throttle, "1.1.1.1", "loja@x.com");
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it("never slows the account down from another address", () => {
    const throttle = new LoginThrottle({ now: () => 0 });
    for (let i = 0; i < 5; i++) wrong(throttle, "1.1.1.1", "admin@x.com");
    expect(() => throttle.begin("1.1.1.1", "admin@x.com")).toThrow(/Muitas tentativas de acesso/);
    expect(throttle.waitSeconds("2.2.2.2", "ADMIN@x.com")).toBe(0);
  });

  it("takes back the try of a right password, and forgets the account's wrong ones from that address", () => {
    const throttle = new LoginThrottle({ now: () => 0 });
    for (let i = 0; i < 4; i++) wrong(throttle, "1.1.1.1", "loja@x.com");
    throttle.begin("1.1.1.1", "loja@x.com");
    throttle.succeeded("1.1.1.1", "loja@x.com");
    for (let i = 0; i < 4; i++) wrong(throttle, "1.1.1.1", "loja@x.com");
    expect(throttle.waitSeconds("1.1.1.1", "loja@x.com")).toBe(0);
  });

  it("slows down an address that tries many accounts", () => {
    const throttle = new LoginThrottle({ now: () => 0 });
    for (let i = 0; i < 30; i++) wrong(throttle, "3.3.3.3", `conta${i}@x.com`);
    expect(() => throttle.begin("3.3.3.3", "nova@x.com")).toThrow(/Muitas tentativas de acesso/);
    expect(throttle.waitSeconds("4.4.4.4", "nova@x.com")).toBe(0);
  });

  it("forgets a counter a quarter of an hour after its last wrong password", () => {
    let now = 0;
    const throttle = new LoginThrottle({ now: () => now });
    for (let i = 0; i < 5; i++) wrong(throttle, "1.1.1.1", "loja@x.com");
    now += 15 * 60 * 1000;
    for (let i = 0; i < 5; i++) wrong(throttle, "1.1.1.1", "loja@x.com");
    expect(throttle.waitSeconds("1.1.1.1", "loja@x.com")).toBe(1);
  });

  it("keeps the recent counters when a flood of new ones fills it: the oldest are evicted, never all", () => {
    let now = 0;
    const throttle = new LoginThrottle({ now: () => now, maxKeys: 100 });
    for (let i = 0; i < 40; i++) wrong(throttle, `10.0.${i}.1`, `velha${i}@x.com`);
    now += 1000;
    for (let i = 0; i < 5; i++) wrong(throttle, "1.1.1.1", "admin@x.com");
    // A flood from other addresses, more keys than the bound holds.
    for (let i = 0; i < 40; i++) wrong(throttle, `10.1.${i}.1`, `nova${i}@x.com`);
    expect(throttle.size).toBeLessThanOrEqual(100);
    expect(throttle.waitSeconds("1.1.1.1", "admin@x.com")).toBeGreaterThan(0);
    // The guesser's own flood (new accounts from its address) keeps its address counter the newest.
    for (let i = 0; i < 200; i++) refusal(() => throttle.begin("1.1.1.1", `palpite${i}@x.com`));
    expect(throttle.size).toBeLessThanOrEqual(100);
    expect(throttle.waitSeconds("1.1.1.1", "admin@x.com")).toBeGreaterThan(0);
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped one as IPv4", () => {
    expect(throttledAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(throttledAddress("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(throttledAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttledAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(throttledAddress("203.0.113.7")).toBe("203.0.113.7");
  });
});
