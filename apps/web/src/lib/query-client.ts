import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { openInApp, type CreatedLink } from "@/lib/open-link";
import { isPinRefusal } from "@/lib/pin-refusal";
import { toast } from "@/lib/toast";

declare module "@tanstack/react-query" {
  interface Register {
    /** `silent`: the screen shows this failure itself (the login alert, the token check). */
    queryMeta: { silent?: boolean };
    /**
     * `toastId`: the writes sharing it update one success toast instead of stacking one each (scans).
     * `createdLink`: after a creation, where its success toast leads (the new record's row or history).
     */
    mutationMeta: { silent?: boolean; toastId?: string; createdLink?: (data: unknown) => CreatedLink | undefined };
  }
}

// The date helpers (@date-fns/tz), for a success toast's date and time, stay out of the first load too.
const loadDates = () => import("@/lib/dates");

/** A 401 on any call ends the session: the guard then sends the user to /login. */
function onUnauthorized() {
  window.dispatchEvent(new Event("passo:unauthorized"));
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (error instanceof ApiError && error.status === 401 && !query.meta?.silent) onUnauthorized();
        // A failed load is written to the console; the screen shows its own empty or error state.
        else console.error(error instanceof Error ? error.message : "Erro ao buscar dados");
      },
    }),
    mutationCache: new MutationCache({
      onSuccess(data, _variables, _context, mutation) {
        // Every successful write shows the server's message with the date and time.
        const message = (data as { message?: unknown } | undefined)?.message;
        if (typeof message === "string") {
          const at = new Date();
          const id = mutation.meta?.toastId;
          const link = mutation.meta?.createdLink?.(data);
          const action = link && { label: link.label, onClick: () => openInApp(link.href) };
          void loadDates().then(({ formatDateTime }) =>
            toast.success(message, { description: formatDateTime(at), ...(id ? { id } : {}), ...(action ? { action } : {}) }),
          );
        }
      },
      onError(error, variables, _context, mutation) {
        if (error instanceof ApiError && error.status === 401 && !mutation.meta?.silent) return onUnauthorized();
        if (mutation.meta?.silent) return;
        // A wrong staff PIN (or none where one is required) is shown by the PIN pad itself.
        if (isPinRefusal(error, variables)) return;
        if (error instanceof ApiError) toast.error(error.message);
        else console.error(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}
