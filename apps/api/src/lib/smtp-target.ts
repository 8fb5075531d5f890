import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where e-mail may go: a public address only. A host whose name resolves to loopback, a private
 * network (RFC 1918, IPv6 unique-local fc00::/7), link-local (169.254/16, fe80::/10), 0.0.0.0,
 * carrier-grade NAT (100.64/10), multicast or any other special range would let an administrator's
 * form probe this machine and its network (`smtp.127.0.0.1.nip.io` resolves to 127.0.0.1).
 *
 * Checked after resolving the name, when the settings are saved and again when a connection is
 * made, and the connection goes to the address that was checked (a name that answers differently
 * the second time, DNS rebinding, gains nothing). SMTP_ALLOW_PRIVATE=1 lifts the rule for tests,
 * development and a demo whose mail catcher runs on this machine.
 */

export class InternalSmtpHostError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`SMTP host ${host} resolves to ${address} (${range}), an internal address`);
    this.name = "InternalSmtpHostError";
  }
}

/** The ipaddr.js range of an address ("unicast" for a public one); IPv4-mapped IPv6 judged as the IPv4 it carries. */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return "invalid";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range();
}

export const isPublicAddress = (address: string) => addressRange(address) === "unicast";

export type Lookup = (host: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 5_000;

/** Every address the system resolver gives for a name (what a connection would use), within 5 s. */
export const systemLookup: Lookup = async (host) => {
  if (isIP(host)) return [host];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`lookup of ${host} timed out`), { code: "ETIMEOUT" })), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dnsLookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

export interface TargetOptions {
  allowPrivate?: boolean | undefined;
  lookup?: Lookup | undefined;
}

/**
 * The address to connect to for `host`: its first one, once every address it resolves to is public
 * (one internal answer among public ones is refused too). Throws InternalSmtpHostError, or the
 * resolver's error (ENOTFOUND…) when the name does not resolve.
 */
export async function resolveSmtpTarget(host: string, { allowPrivate = false, lookup = systemLookup }: TargetOptions = {}): Promise<string> {
  const addresses = await lookup(host);
  if (addresses.length === 0) throw Object.assign(new Error(`no address for ${host}`), { code: "ENOTFOUND" });
  if (!allowPrivate) {
    for (const address of addresses) {
      const range = addressRange(address);
      if (range !== "unicast") throw new InternalSmtpHostError(host, address, range);
    }
  }
  return addresses[0]!;
}

/**
 * Saving the settings: refused when the name resolves to an internal address. A name that does not
 * resolve now is kept (a passing DNS failure should not lose the form); sending then fails with a
 * message saying the server was not found, and checks again.
 */
export async function isInternalSmtpHost(host: string, options: TargetOptions = {}): Promise<boolean> {
  try {
    await resolveSmtpTarget(host, options);
    return false;
  } catch (err) {
    return err instanceof InternalSmtpHostError;
  }
}
