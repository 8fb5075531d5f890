/** The PostgreSQL error code of a failed query, whichever driver (pg, PGlite) and wrapper (Drizzle) raised it. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === "23505";
/** Serialization failure or deadlock: the transaction lost a race and may be retried or refused with 409. */
export const isConcurrencyFailure = (err: unknown) => ["40001", "40P01", "55P03"].includes(pgErrorCode(err) ?? "");
