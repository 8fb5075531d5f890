/** A refusal the client should see: the status and its Portuguese message (docs/api.md: answers). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Headers the answer carries (a 429's `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Sessão inválida ou expirada. Entre novamente.") => new HttpError(401, message);
export const forbidden = (message = "Você não tem permissão para realizar esta ação.") => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new HttpError(409, message, extra);
/** 429 with the whole seconds after which a new try may succeed (`Retry-After`, at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
