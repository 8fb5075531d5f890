import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

export interface AppConfig {
  productName: string;
  companyName: string;
  companyEmailDomain: string;
  timezone: string;
}

export const appConfigQueryOptions = queryOptions({
  queryKey: ["config"],
  queryFn: () => api.get<AppConfig>("/config"),
  staleTime: Infinity,
});

/** The chain's name, e-mail domain and time zone, as the server is configured. */
export const useAppConfig = () => useQuery(appConfigQueryOptions);
