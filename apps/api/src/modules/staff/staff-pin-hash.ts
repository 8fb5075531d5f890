import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * A PIN's hash: scrypt (node:crypto) with a random 16-byte salt per staff member, N = 2^12, r = 8,
 * p = 1 (4 MiB, a few milliseconds). Why not argon2id as the passwords: a PIN is checked against
 * every hash of its store (the hash is salted, so the PIN cannot be looked up), at each finish,
 * receipt, handover and return, and to keep PINs unique within the store; argon2id's 19 MiB per
 * check times a store's staff would slow every one of them. No hash makes 4 to 6 digits hard to
 * guess offline; what keeps them safe is that the hashes never leave the server and that wrong
 * PINs are throttled per store (docs/api.md, "Staff").
 */
const N = 2 ** 12;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64: the parameters travel with the hash, so they may grow. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPin(pinHash: string, pin: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = pinHash.split("$");
  if (kind !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(pin, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
