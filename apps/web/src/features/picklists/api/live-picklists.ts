import { PICKLIST_COMPLETED, PICKLIST_NOT_COMPLETED, type LiveEventData, type Picklist } from "@passo/domain";
import { useQuery, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { getPicklist } from "./get-picklist";
import { keepOfflineCopy } from "@/lib/offline-copies";
import { PENDING_CARD_STATUSES, PENDING_CARDS_COPY, PICKLISTS_KEY, pendingCardsKey, type PicklistsResponse } from "./get-picklists";
import { asRedirect, PicklistRedirectedError } from "./picklist-redirected";

/**
 * The queries a change of a list touches, for the live updates: the tables (processes, histories) and,
 * when a list is finished or deleted, 'Produtos não encontrados'. The store's cards are patched apart
 * (syncPendingCard), never refetched: a finished list stays on its card until 'Buscar'.
 */
export function picklistEventKeys(event: LiveEventData): QueryKey[] {
  const keys: QueryKey[] = [[...PICKLISTS_KEY, "list"]];
  if (event.action === "delete" || event.status === PICKLIST_COMPLETED || event.status === PICKLIST_NOT_COMPLETED) keys.push([...PICKLISTS_KEY, "not-found"]);
  return keys;
}

/** After a gap in the stream: every list query, the store's cards included. */
export const picklistResyncKeys = (): QueryKey[] => [PICKLISTS_KEY];

/** Lists that left the store while on its screen: their id, and the store they went to (null: deleted). Not under PICKLISTS_KEY, so no reload clears it. */
const unavailableKey = ["picklist-unavailable"] as const;
type Unavailable = Record<string, string | null>;

/** Whether the list of a card left the store, and for which store (null when it is simply gone). */
export function useUnavailablePicklist(id: string): { destination: string | null } | undefined {
  const { data } = useQuery({ queryKey: unavailableKey, queryFn: () => ({}) as Unavailable, staleTime: Infinity, gcTime: Infinity });
  return data && id in data ? { destination: data[id] ?? null } : undefined;
}

/** A list the store can no longer work: redirected to `destination`, or gone (null). Its card says so until 'Buscar'. */
export const markPicklistUnavailable = (queryClient: QueryClient, id: string, destination: string | null) =>
  queryClient.setQueryData<Unavailable>(unavailableKey, (data) => ({ ...data, [id]: destination }));

const onCards = (list: Picklist) => list.timeCompleted === null && (PENDING_CARD_STATUSES as readonly string[]).includes(list.currentStatus);

/**
 * Brings the store's cards up to date with one change, when they are loaded: a new list appears, a
 * changed one is replaced in place (what the store is typing stays), and one redirected away or deleted
 * stays on screen saying so. One request for the changed list, nothing else.
 */
export async function syncPendingCard(queryClient: QueryClient, event: LiveEventData): Promise<void> {
  const cards = queryClient.getQueryData<PicklistsResponse>(pendingCardsKey);
  if (!cards) return;
  const onScreen = cards.picklists.some((list) => list.id === event.id);
  if (event.action === "delete") {
    if (!onScreen) return;
    try {
      await getPicklist(event.id);
    } catch (error) {
      const redirect = asRedirect(error);
      markPicklistUnavailable(queryClient, event.id, redirect instanceof PicklistRedirectedError ? redirect.destination : null);
    }
    return;
  }
  let picklist: Picklist;
  try {
    ({ picklist } = await getPicklist(event.id));
  } catch {
    return;
  }
  queryClient.setQueryData<Unavailable>(unavailableKey, (data) => {
    if (!data || !(event.id in data)) return data;
    const rest = { ...data };
    delete rest[event.id];
    return rest;
  });
  const updated = queryClient.setQueryData<PicklistsResponse>(pendingCardsKey, (data) => {
    if (!data) return data;
    if (data.picklists.some((list) => list.id === picklist.id)) return { ...data, picklists: data.picklists.map((list) => (list.id === picklist.id ? picklist : list)) };
    if (!onCards(picklist)) return data;
    const picklists = [...data.picklists, picklist].sort((a, b) => b.sendDate.getTime() - a.sendDate.getTime());
    return { ...data, picklists, ...(data.total === undefined ? {} : { total: data.total + 1 }) };
  });
  keepOfflineCopy(PENDING_CARDS_COPY, updated);
}
