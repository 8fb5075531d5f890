/** A request that failed, and how to send it again (that request only). */
export interface LoadFailure {
  error: unknown;
  retry: () => void;
}

/** The failure of a TanStack query as a card shows it, or undefined while it has not failed. */
export function loadFailure(query: { isError: boolean; error: unknown; refetch: () => unknown }): LoadFailure | undefined {
  if (!query.isError) return undefined;
  return { error: query.error, retry: () => void query.refetch() };
}
