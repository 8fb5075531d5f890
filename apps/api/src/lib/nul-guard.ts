import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors.js";

export const NUL_TEXT_ERROR = "O texto contém caracteres não permitidos.";

/** Whether any string in a parsed body, query or params holds a NUL character (walked without recursion: bodies may nest deep). */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === "object") {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store a NUL character in text (PGlite would keep it), so every request that carries
 * one is refused before validation, the same way on both databases, instead of failing inside a query.
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
