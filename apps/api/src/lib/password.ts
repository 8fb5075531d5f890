import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). Algorithm 2 is argon2id. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;
/** A hash to verify against when the e-mail is unknown, so both failures take the same time. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword("passo-decoy-password-never-valid");
  return decoy;
}
