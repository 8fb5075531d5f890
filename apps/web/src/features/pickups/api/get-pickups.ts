import type { PickupStatus, pickupSchema, pickupStoreViewSchema } from "@passo/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { ListQuery } from "@/hooks/use-history-filters";
import { api } from "@/lib/api-client";
import type { PageParams } from "@/lib/pagination";

/** A pickup as an administrator receives it (dates as ISO strings, CPFs as digits). */
export type PickupRecord = z.input<typeof pickupSchema>;
/** A pickup as a store receives it: masked CPFs, no phone or e-mail (docs/api.md). */
export type PickupStoreRecord = z.input<typeof pickupStoreViewSchema>;
export type PickupView = PickupRecord | PickupStoreRecord;

/** The history filters, or one or several statuses, and the page. */
export interface PickupListQuery extends Omit<ListQuery, "status">, Partial<PageParams> {
  status?: readonly PickupStatus[] | string;
  /** `waiting`: the longest waiting first; the newest dispatch first otherwise. */
  order?: "newest" | "waiting";
}

export interface PickupListResponse<T extends PickupView = PickupView> {
  pickups: T[];
  total?: number;
}

export const getPickups = <T extends PickupView = PickupView>(query: PickupListQuery, signal?: AbortSignal) =>
  api.get<PickupListResponse<T>>("/pickup/get", { ...query }, signal);

/** Every list of pickups lives under this key: writes invalidate it whole. */
export const PICKUPS_KEY = ["pickups"] as const;

export const pickupsQueryOptions = <T extends PickupView = PickupView>(query: PickupListQuery) =>
  queryOptions({
    queryKey: [...PICKUPS_KEY, "list", query],
    queryFn: ({ signal }) => getPickups<T>(query, signal),
    placeholderData: keepPreviousData,
  });

/** Whether the record carries the customer's contact, i.e. it was served to an administrator. */
export function hasContact(pickup: PickupView): pickup is PickupRecord {
  return "customerPhone" in pickup && typeof pickup.customerPhone === "string";
}
