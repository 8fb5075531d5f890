import { picklistSchema, type Picklist, type picklistUpdateSchema } from "@passo/domain";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { keepOfflineCopy } from "@/lib/offline-copies";
import { PENDING_CARDS_COPY, PICKLISTS_KEY, pendingCardsKey, type PicklistsResponse } from "./get-picklists";
import { asRedirect, PicklistRedirectedError, showRedirected } from "./picklist-redirected";

/** Only the fields a change touches (docs/api.md): the server infers the move from what differs. */
export type PicklistUpdateBody = z.input<typeof picklistUpdateSchema>;

const updatedSchema = z.object({ message: z.string(), picklist: picklistSchema });

/** PUT /api/picklist/update/{id}: start, tick, 'Produtos indisponíveis' on/off, finish, or the administrator's edit. */
export async function updatePicklist(id: string, body: PicklistUpdateBody, idempotencyKey?: string) {
  try {
    const headers = idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : undefined;
    return updatedSchema.parse(await api.put(`/picklist/update/${encodeURIComponent(id)}`, body, headers));
  } catch (error) {
    throw asRedirect(error);
  }
}

export interface UpdatePicklistVariables {
  id: string;
  body: PicklistUpdateBody;
}

/** The administrator's edit (only while Não iniciado): every list reloads, refused or not. */
export function useEditPicklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdatePicklistVariables) => updatePicklist(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PICKLISTS_KEY }),
  });
}

/**
 * Puts the server's answer in place of the card's list. The store's cards stay on screen after a change
 * (a finished list stays, locked, until 'Buscar'), so the cards are not refetched on success.
 */
function replacePendingCard(data: PicklistsResponse | undefined, picklist: Picklist): PicklistsResponse | undefined {
  if (!data) return data;
  return { ...data, picklists: data.picklists.map((list) => (list.id === picklist.id ? picklist : list)) };
}

/**
 * What follows a store's move on a card: the server's answer replaces the card and the other lists
 * reload; a refused move shows the server's error (global toast), or the redirect, and the cards
 * reload too, so the screen shows what the server holds.
 */
export function pendingCardCallbacks(queryClient: QueryClient) {
  return {
    onSuccess: ({ picklist }: { picklist: Picklist }) => {
      const cards = queryClient.setQueryData<PicklistsResponse>(pendingCardsKey, (data) => replacePendingCard(data, picklist));
      keepOfflineCopy(PENDING_CARDS_COPY, cards);
      return queryClient.invalidateQueries({ queryKey: [...PICKLISTS_KEY, "list"] });
    },
    onError: (error: Error) => {
      if (error instanceof PicklistRedirectedError) showRedirected(error);
      return queryClient.invalidateQueries({ queryKey: PICKLISTS_KEY });
    },
  };
}

/** The store's moves on 'Iniciar separação' share one success toast: a scan updates it instead of adding one. */
export const PENDING_CARDS_TOAST = "picklist-pending-cards";

/**
 * The store's moves on a card: tick, scan, 'Produtos indisponíveis', 'Finalizar'. A card's moves go out
 * one after the other (one scope per list), so quick scans reach the server in the order they were made.
 */
export function useUpdatePendingPicklist(listId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdatePicklistVariables) => updatePicklist(id, body),
    ...(listId ? { scope: { id: `picklist-${listId}` } } : {}),
    meta: { toastId: PENDING_CARDS_TOAST },
    ...pendingCardCallbacks(queryClient),
  });
}
