import type { ChainMetrics, DailyMetrics, MedianStoreMetrics, NotFoundProduct, PickupsAgeResponse, RefusalsResponse, StaffMetricsResponse, StoreMetrics } from "@passo/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface MetricsQuery {
  from: string;
  to: string;
  /** A store's username; left out, every store (a store always gets its own). */
  store?: string | undefined;
}

export interface StoreMetricsResponse {
  stores: StoreMetrics[];
  chain: ChainMetrics;
  /** Each figure the median of the stores' own: what a store compares itself with. */
  medianStore: MedianStoreMetrics;
}

export interface DailyMetricsResponse {
  days: DailyMetrics[];
  notFound: NotFoundProduct[];
}

export const METRICS_KEY = ["metrics"] as const;

export const storeMetricsQueryOptions = (query: MetricsQuery) =>
  queryOptions({
    queryKey: [...METRICS_KEY, "stores", query],
    queryFn: ({ signal }) => api.get<StoreMetricsResponse>("/metrics/stores", { ...query }, signal),
    placeholderData: keepPreviousData,
  });

export const dailyMetricsQueryOptions = (query: MetricsQuery) =>
  queryOptions({
    queryKey: [...METRICS_KEY, "daily", query],
    queryFn: ({ signal }) => api.get<DailyMetricsResponse>("/metrics/daily", { ...query }, signal),
    placeholderData: keepPreviousData,
  });

/** The pickups waiting now by days waited: no period, only the store filter. */
export const pickupsAgeQueryOptions = (store: string | undefined) =>
  queryOptions({
    queryKey: [...METRICS_KEY, "pickups-age", store ?? null],
    queryFn: ({ signal }) => api.get<PickupsAgeResponse>("/metrics/pickups-age", { store }, signal),
    placeholderData: keepPreviousData,
  });

export const refusalsQueryOptions = (query: MetricsQuery) =>
  queryOptions({
    queryKey: [...METRICS_KEY, "refusals", query],
    queryFn: ({ signal }) => api.get<RefusalsResponse>("/metrics/refusals", { ...query }, signal),
    placeholderData: keepPreviousData,
  });


/** 'Por atendente': one store's people over the period (a store always gets its own). */
export const staffMetricsQueryOptions = (query: MetricsQuery) =>
  queryOptions({
    queryKey: [...METRICS_KEY, "staff", query],
    queryFn: ({ signal }) => api.get<StaffMetricsResponse>("/metrics/staff", { ...query }, signal),
    placeholderData: keepPreviousData,
  });
