import { HttpError, tooManyRequests } from "../../lib/errors.js";

/** Wrong passwords an account may have from one address before each next try waits. */
const FREE_PER_ACCOUNT_ADDRESS = 5;
/** Wrong passwords one address may have, over all accounts (a store's counters share one), before each next try waits. */
const FREE_PER_ADDRESS = 30;
/** The longest wait between two tries, in seconds: slow for a guesser, never minutes for the owner. */
const MAX_DELAY_SECONDS = 60;
/** A counter is forgotten this long after its last wrong password. */
const FORGET_AFTER_MS = 15 * 60 * 1000;
/** Counters kept; past it the least recently used one is evicted (never all). */
const MAX_KEYS = 100_000;

interface Counter {
  failures: number;
  lastFailure: number;
}

export interface LoginThrottleOptions {
  now?: () => number;
  maxKeys?: number;
  /**
   * The PINs' throttle (modules/staff): one counter per store (the `account`), whatever the address,
   * FREE_PER_ACCOUNT_ADDRESS wrong ones free, then refused until `forgetAfterMs` after the last one.
   */
  lockout?: { forgetAfterMs: number; message: (seconds: number) => string };
}

/** The seconds a key with this many failures must wait after its last one (0: none). */
function delaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - free));
}

/** The eight groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(ip: string): string[] | undefined {
  if (!ip.includes(":")) return undefined;
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  if (tail === undefined) return left.length === 8 ? left : undefined;
  return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
}

/**
 * The address a counter is kept for: an IPv4 address as it is (an IPv4-mapped IPv6 one included),
 * an IPv6 address by its /64 network, the smallest block one subscriber is usually given (so a
 * guesser cannot take a fresh address for every try).
 */
export function throttledAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g || "0", 16) || 0).toString(16))
    .join(":")}::/64`;
}

/**
 * Slows password guessing down without locking anyone out (docs/architecture.md: sign-in throttling).
 *
 * Two counters of wrong passwords: one per account and address, one per address. Past its free
 * failures each next try from that address waits 1, 2, 4... seconds (at most a minute) after the
 * last wrong one; a try inside the wait is refused with 429 and `Retry-After`. The right password
 * from an address nobody guessed from always signs in, so a guesser elsewhere never locks the owner
 * out. A try counts as wrong from its start (so parallel tries do not all pass the same check) and is
 * taken back when it turns out right, or failed for another reason.
 *
 * In memory, per process, at most `maxKeys` counters: the least recently used is evicted, so a flood
 * of new keys drops the oldest ones, not the counters of whoever is guessing now.
 */
export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly lockout: LoginThrottleOptions["lockout"];
  private readonly forgetAfterMs: number;

  constructor({ now = () => Date.now(), maxKeys = MAX_KEYS, lockout }: LoginThrottleOptions = {}) {
    this.now = now;
    this.maxKeys = maxKeys;
    this.lockout = lockout;
    this.forgetAfterMs = lockout?.forgetAfterMs ?? FORGET_AFTER_MS;
  }

  private keys(ip: string, account: string): [string, number][] {
    if (this.lockout) return [[`account:${account.toLowerCase()}`, FREE_PER_ACCOUNT_ADDRESS]];
    const address = throttledAddress(ip);
    return [
      [`pair:${account.toLowerCase()}\n${address}`, FREE_PER_ACCOUNT_ADDRESS],
      [`address:${address}`, FREE_PER_ADDRESS],
    ];
  }

  private live(key: string): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.lastFailure + this.forgetAfterMs <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  /** Stores the counter as the most recently used, evicting the least recently used ones past the bound. */
  private store(key: string, counter: Counter): void {
    this.counters.delete(key);
    this.counters.set(key, counter);
    while (this.counters.size > this.maxKeys) {
      const oldest = this.counters.keys().next().value;
      if (oldest === undefined) break;
      this.counters.delete(oldest);
    }
  }

  /** Seconds this address must still wait before trying this account's password again (0: it may try now). */
  waitSeconds(ip: string, account: string): number {
    let wait = 0;
    for (const [key, free] of this.keys(ip, account)) {
      const counter = this.live(key);
      if (!counter) continue;
      const delay = this.lockout ? (counter.failures >= free ? this.forgetAfterMs / 1000 : 0) : delaySeconds(counter.failures, free);
      const until = counter.lastFailure + delay * 1000;
      wait = Math.max(wait, Math.ceil((until - this.now()) / 1000));
    }
    return wait;
  }

  /**
   * Before checking a password: throws 429 with `Retry-After` while this address must wait for this
   * account; otherwise counts the try as a wrong one until `succeeded` or `refund` says otherwise.
   */
  begin(ip: string, account: string): void {
    const wait = this.waitSeconds(ip, account);
    if (wait > 0) {
      if (this.lockout) throw tooManyRequests(this.lockout.message(wait), wait);
      throw tooManyRequests(`Muitas tentativas de acesso. Tente novamente em ${wait} segundo${wait > 1 ? "s" : ""}.`, wait);
    }
    const now = this.now();
    for (const [key] of this.keys(ip, account)) {
      const counter = this.live(key);
      this.store(key, { failures: (counter?.failures ?? 0) + 1, lastFailure: now });
    }
  }

  /**
   * Checks a password through `attempt` under the throttle: refused with 429 while this address must
   * wait; a refusal of the password (401, or 400 for 'Alterar a senha''s current password) counts,
   * anything else does not.
   */
  async guard<T>(ip: string, account: string, attempt: () => Promise<T>): Promise<T> {
    this.begin(ip, account);
    let result: T;
    try {
      result = await attempt();
    } catch (err) {
      if (!(err instanceof HttpError && (err.statusCode === 401 || err.statusCode === 400))) this.refund(ip, account);
      throw err;
    }
    this.succeeded(ip, account);
    return result;
  }

  /** The right password: this account's counter for this address goes, and the address's try is taken back. */
  succeeded(ip: string, account: string): void {
    if (this.lockout) return this.refund(ip, account);
    const [[pair], [address]] = this.keys(ip, account) as [[string, number], [string, number]];
    this.counters.delete(pair);
    this.takeBack(address);
  }

  /** The try failed for another reason than a wrong password (the database was down): it does not count. */
  refund(ip: string, account: string): void {
    for (const [key] of this.keys(ip, account)) this.takeBack(key);
  }

  private takeBack(key: string): void {
    const counter = this.live(key);
    if (!counter) return;
    if (counter.failures <= 1) this.counters.delete(key);
    else counter.failures -= 1;
  }

  /** How many counters are kept (for the tests of the bound). */
  get size(): number {
    return this.counters.size;
  }
}
