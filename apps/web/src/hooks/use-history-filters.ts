import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { z } from "zod";

import { useLocalStorageState, writeStored } from "@/lib/local-storage";

/** Where each history screen keeps its filters. */
export const HISTORY_FILTER_KEYS = {
  picklist: "picklistFormData",
  pickup: "pickupFormData",
  return: "returnObjFormData",
} as const;

/** The value of the store and status filters that means "no filter". */
export const ALL = "all";

export interface HistoryFilterValues {
  /** YYYY-MM-DD, a calendar day. */
  from?: string;
  to?: string;
  store: string;
  status: string;
  search: string;
}

export const EMPTY_HISTORY_FILTERS: HistoryFilterValues = { store: "", status: "", search: "" };

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What a stored value must look like to be restored; fields missing from older versions default to empty. */
export const historyFilterValuesSchema: z.ZodType<HistoryFilterValues> = z.object({
  from: day.optional(),
  to: day.optional(),
  store: z.string().default(""),
  status: z.string().default(""),
  search: z.string().default(""),
});

/** The query parameters of GET /api/{picklist,pickup,return}/get for the applied filters. */
export interface ListQuery {
  from?: string;
  to?: string;
  store?: string;
  status?: string;
  search?: string;
}

export function toListQuery(applied: HistoryFilterValues): ListQuery {
  const query: ListQuery = {};
  if (applied.from) query.from = applied.from;
  if (applied.to) query.to = applied.to;
  if (applied.store && applied.store !== ALL) query.store = applied.store;
  if (applied.status && applied.status !== ALL) query.status = applied.status;
  const search = applied.search.trim();
  if (search) query.search = search;
  return query;
}

const FILTER_PARAMS = ["from", "to", "store", "status", "search"] as const;

/**
 * The filters a link carries (`?from=&to=&store=&status=&search=`), or undefined when it carries none.
 * A day that is not YYYY-MM-DD is left out, the other filters kept.
 */
export function filtersFromUrl(params: URLSearchParams): HistoryFilterValues | undefined {
  if (!FILTER_PARAMS.some((key) => params.has(key))) return undefined;
  const dayOf = (key: "from" | "to") => {
    const value = params.get(key);
    return value && day.safeParse(value).success ? value : undefined;
  };
  const from = dayOf("from");
  const to = dayOf("to");
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    store: params.get("store") ?? "",
    status: params.get("status") ?? "",
    search: params.get("search") ?? "",
  };
}

/** A link to a history screen that opens with these filters applied. */
export function historyLink(path: string, filters: Partial<HistoryFilterValues>): string {
  const params = new URLSearchParams();
  for (const key of FILTER_PARAMS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export interface UseHistoryFiltersOptions {
  /** Called with the values on 'Filtrar' and 'Limpar Filtros', e.g. to return the table to page 1. */
  onApply?: (applied: HistoryFilterValues) => void;
}

/**
 * The filter form of a history screen. `draft` is what the form shows, saved to `storageKey` on every
 * change and restored on load (a link's `?from=&to=&store=&status=&search=` win over the stored ones); `applied` is what the query uses, and changes only on apply or clear.
 */
export function useHistoryFilters(storageKey: string, { onApply }: UseHistoryFiltersOptions = {}) {
  const [params, setParams] = useSearchParams();
  // A link's filters (a dashboard's click) replace the stored ones before they are read.
  const [linked] = useState(() => {
    const fromUrl = filtersFromUrl(params);
    if (fromUrl) writeStored(storageKey, fromUrl);
    return fromUrl !== undefined;
  });
  const [draft, setDraft] = useLocalStorageState(storageKey, EMPTY_HISTORY_FILTERS, historyFilterValuesSchema);
  // Taken out of the address once stored: a reload shows what the form shows, not the link's filters again.
  useEffect(() => {
    if (!linked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of FILTER_PARAMS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [linked, setParams]);
  // The restored filters are applied straight away: the results match what the form shows.
  const [applied, setApplied] = useState(draft);

  const update = (patch: Partial<HistoryFilterValues>) => setDraft((current) => ({ ...current, ...patch }));

  const apply = () => {
    setApplied(draft);
    onApply?.(draft);
  };

  const clear = () => {
    setDraft(EMPTY_HISTORY_FILTERS);
    setApplied(EMPTY_HISTORY_FILTERS);
    onApply?.(EMPTY_HISTORY_FILTERS);
  };

  return {
    draft,
    setDraft,
    update,
    applied,
    apply,
    clear,
    /** Spread into <HistoryFilters />. */
    formProps: { value: draft, onChange: setDraft, onSubmit: apply, onClear: clear },
  };
}
