import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors.js";

export const NUL_TEXT_ERROR = "O texto contém caracteres não permitidos.";

/**
 * Half of a UTF-16 surrogate pair with no other half (`"\ud800"` in a JSON text): no character at all, so
 * it has no UTF-8 form and the database refuses it. With the `u` flag a whole pair is one code point, so
 * only a lone half matches.
 */
const LONE_SURROGATE = /\p{Cs}/u;

const unstorable = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

/**
 * Whether any string in a parsed body, query or params holds a NUL character or a lone surrogate
 * (walked without recursion: bodies may nest deep).
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (unstorable(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === "object") {
      for (const [key, inner] of Object.entries(item)) {
        if (unstorable(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store a NUL character in text (PGlite would keep it), nor a lone surrogate (it has no
 * UTF-8 form), so every request that carries one is refused before validation, the same way on both
 * databases, instead of failing inside a query (a 500).
 * Only the API is guarded: a file name under /uploads is matched against stored names, and one holding a
 * NUL names no file, so it stays a 404 like any other unknown name.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw new HttpError(400, NUL_TEXT_ERROR);
    }
  });
}
