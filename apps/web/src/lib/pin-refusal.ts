import { STAFF_MESSAGES } from "@passo/domain";
import { ApiError } from "@/lib/api-client";

/**
 * The refusals the PIN pad ('Quem está atendendo?') shows itself, so no toast repeats them: a change
 * sent without the PIN its store requires (the pad then opens), and a PIN refused or throttled.
 */
export function isPinRefusal(error: unknown, variables: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 403 && error.message === STAFF_MESSAGES.pinRequired) return true;
  const sent = variables as { body?: { staffPin?: unknown }; staffPin?: unknown } | undefined;
  const withPin = sent?.body?.staffPin !== undefined || sent?.staffPin !== undefined;
  return withPin && (error.status === 403 || error.status === 429);
}
