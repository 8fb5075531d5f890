import { HttpError } from "../../lib/errors.js";

const WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per account, and per address (a counter may share one address), in the window. */
const PER_ACCOUNT = 10;
const PER_ADDRESS = 50;
const MAX_KEYS = 100_000;

interface Counter {
  failures: number;
  resetAt: number;
}

/**
 * Counts failed sign-ins only: a store that signs in all day is never slowed down, a guesser is
 * stopped after a few tries on one account or from one address. In memory, per process.
 */
export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly now: () => number = Date.now) {}

  private keys(ip: string, email: string): [string, number][] {
    return [
      [`account:${email.toLowerCase()}`, PER_ACCOUNT],
      [`address:${ip}`, PER_ADDRESS],
    ];
  }

  private live(key: string): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.resetAt <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  /** Throws 429 while the account or the address has used up its failures. */
  check(ip: string, email: string): void {
    for (const [key, limit] of this.keys(ip, email)) {
      const counter = this.live(key);
      if (counter && counter.failures >= limit) {
        const minutes = Math.max(1, Math.ceil((counter.resetAt - this.now()) / 60_000));
        throw new HttpError(429, `Muitas tentativas de acesso. Tente novamente em ${minutes} minuto${minutes > 1 ? "s" : ""}.`);
      }
    }
  }

  failed(ip: string, email: string): void {
    if (this.counters.size >= MAX_KEYS) this.prune();
    for (const [key] of this.keys(ip, email)) {
      const counter = this.live(key);
      if (counter) counter.failures += 1;
      else this.counters.set(key, { failures: 1, resetAt: this.now() + WINDOW_MS });
    }
  }

  /** A successful sign-in clears the account's failures (not the address's). */
  succeeded(email: string): void {
    this.counters.delete(`account:${email.toLowerCase()}`);
  }

  private prune(): void {
    const now = this.now();
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
    if (this.counters.size >= MAX_KEYS) this.counters.clear();
  }
}
