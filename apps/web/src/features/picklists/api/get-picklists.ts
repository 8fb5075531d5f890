import { LIST_PAGE_SIZE_MAX, PICKLIST_IN_PROGRESS, PICKLIST_NOT_COMPLETED, PICKLIST_NOT_STARTED, picklistSchema, type PicklistStatus } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { withOfflineCopy } from "@/lib/offline-copies";

/** The filters of GET /api/picklist/get (docs/api.md: dates as YYYY-MM-DD, status repeatable, page from 1). */
export interface PicklistsQuery {
  store?: string;
  status?: string | readonly string[];
  from?: string;
  to?: string;
  /** Lists sent before this day (the 'pendentes' section). */
  pending?: string;
  /** Lists not finished yet (true) or finished (false). */
  open?: boolean;
  /** 'Lista nº'. */
  number?: number;
  /** The lists being worked on first (the store's cards), instead of the newest sent first. */
  order?: "started";
  page?: number;
  pageSize?: number;
}

// Decoding turns the wire's ISO strings into Dates, as the domain's Picklist type says.
const picklistsResponseSchema = z.object({ picklists: z.array(picklistSchema), total: z.number().int().optional() });
export type PicklistsResponse = z.output<typeof picklistsResponseSchema>;

export async function getPicklists(query: PicklistsQuery, signal?: AbortSignal): Promise<PicklistsResponse> {
  return picklistsResponseSchema.parse(await api.get("/picklist/get", { ...query }, signal));
}

/** Every picklist query starts with this key, so one invalidation refreshes all lists. */
export const PICKLISTS_KEY = ["picklists"] as const;
export const picklistListKey = (query: PicklistsQuery) => [...PICKLISTS_KEY, "list", query] as const;

export const picklistsQueryOptions = (query: PicklistsQuery) =>
  queryOptions({
    queryKey: picklistListKey(query),
    queryFn: ({ signal }) => getPicklists(query, signal),
  });

export const usePicklists = (query: PicklistsQuery) => useQuery(picklistsQueryOptions(query));

/** One row of 'Produtos não encontrados' (GET /api/picklist/not-found). */
const notFoundResponseSchema = z.object({
  items: z.array(z.object({ picklistId: z.string(), destination: z.string(), sendDate: picklistSchema.shape.sendDate, item: z.string() })),
  total: z.number().int().optional(),
});
export type NotFoundResponse = z.output<typeof notFoundResponseSchema>;
export type NotFoundRow = NotFoundResponse["items"][number];

export interface NotFoundQuery {
  from?: string;
  to?: string;
  /** One product's rows only (a dashboard's click), and one store's. */
  item?: string | undefined;
  store?: string | undefined;
  page?: number;
  pageSize?: number;
}

/** Under PICKLISTS_KEY: a change to any list refreshes it too. */
export const notFoundQueryOptions = (query: NotFoundQuery) =>
  queryOptions({
    queryKey: [...PICKLISTS_KEY, "not-found", query],
    queryFn: async ({ signal }) => notFoundResponseSchema.parse(await api.get("/picklist/not-found", { ...query }, signal)),
  });

/** Pending lists are those Não iniciado or Em andamento. */
export const PENDING_STATUSES = [PICKLIST_NOT_STARTED, PICKLIST_IN_PROGRESS] as const satisfies readonly PicklistStatus[];

/**
 * A store's cards: its pending lists (the API keeps to the store's own), and those switched to
 * 'Produtos indisponíveis' but not finished yet, which the store must still be able to finish
 * after a reload.
 */
export const PENDING_CARD_STATUSES = [...PENDING_STATUSES, PICKLIST_NOT_COMPLETED] as const satisfies readonly PicklistStatus[];

/**
 * The store's cards have a key of their own: a change to a card puts the server's answer in place
 * instead of reloading, so a list stays on screen (locked once finished) until 'Buscar'.
 */
export const pendingCardsKey = [...PICKLISTS_KEY, "pending-cards"] as const;

/** The name of the cards' copy on the device, and of its last sync time (useSyncedAt). */
export const PENDING_CARDS_COPY = "pending-cards";

/** The cards come a page at a time, the lists being worked on first; 'Mostrar mais listas' adds a page. */
export const PENDING_CARDS_PAGE = 20;
/** The most a page may hold (the API's pageSize bound). */
export const PENDING_CARDS_MOST = LIST_PAGE_SIZE_MAX;

/**
 * `shown` cards (page 1 of that size), under one key whatever their number: a change to a card puts
 * the server's answer in place under it, and 'Mostrar mais listas' fetches the same key again, bigger.
 */
export const pendingCardsQueryOptions = (shown = PENDING_CARDS_PAGE) =>
  queryOptions({
    queryKey: pendingCardsKey,
    // Kept on the device: with no connection, the cards the store last saw (lib/offline-copies.ts).
    queryFn: ({ signal }) =>
      withOfflineCopy(PENDING_CARDS_COPY, () =>
        getPicklists({ status: PENDING_CARD_STATUSES, open: true, order: "started", page: 1, pageSize: Math.min(shown, PENDING_CARDS_MOST) }, signal),
      ),
  });

export const usePendingCards = (shown?: number) => useQuery(pendingCardsQueryOptions(shown));
