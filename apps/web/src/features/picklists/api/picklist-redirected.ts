import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** The toast a store sees when the list it acts on was redirected to another store. */
export const PICKLIST_UNAVAILABLE = "Lista de separação indisponível";

/**
 * A store acted on a list the central office redirected (the API's 409 `{error, destination}`).
 * Not an ApiError on purpose: the global mutation toast leaves it alone, and the screen shows the
 * toast naming the new destination instead.
 */
export class PicklistRedirectedError extends Error {
  constructor(readonly destination: string) {
    super(`A lista foi redirecionada para ${destination}`);
    this.name = "PicklistRedirectedError";
  }
}

/** Turns the API's redirect answer into a PicklistRedirectedError; any other error is returned as is. */
export function asRedirect(error: unknown): unknown {
  if (error instanceof ApiError && error.status === 409 && typeof error.body.destination === "string") {
    return new PicklistRedirectedError(error.body.destination);
  }
  return error;
}

export function showRedirected(error: PicklistRedirectedError) {
  toast.error(PICKLIST_UNAVAILABLE, { description: error.message });
}
