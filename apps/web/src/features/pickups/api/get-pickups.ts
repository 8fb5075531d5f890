import type { PickupStatus, pickupSchema, pickupStoreViewSchema } from "@passo/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

/** A pickup as an administrator receives it (dates as ISO strings, CPFs as digits). */
export type PickupRecord = z.input<typeof pickupSchema>;
/** A pickup as a store receives it: masked CPFs, no phone or e-mail (CONTRACT.md). */
export type PickupStoreRecord = z.input<typeof pickupStoreViewSchema>;
export type PickupView = PickupRecord | PickupStoreRecord;

export interface PickupListQuery {
  status?: readonly PickupStatus[] | string;
  store?: string;
  from?: string;
  to?: string;
  search?: string;
  page?: number;
  pageSize?: number;
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
