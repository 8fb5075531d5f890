import { useState } from "react";
import { z } from "zod";

import { useLocalStorageState } from "@/lib/local-storage";

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

export interface UseHistoryFiltersOptions {
  /** Called with the values on 'Filtrar' and 'Limpar Filtros', e.g. to return the table to page 1. */
  onApply?: (applied: HistoryFilterValues) => void;
}

/**
 * The filter form of a history screen. `draft` is what the form shows, saved to `storageKey` on every
 * change and restored on load; `applied` is what the query uses, and changes only on apply or clear.
 */
export function useHistoryFilters(storageKey: string, { onApply }: UseHistoryFiltersOptions = {}) {
  const [draft, setDraft] = useLocalStorageState(storageKey, EMPTY_HISTORY_FILTERS, historyFilterValuesSchema);
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
