import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchAppConfig } from "./config-request";

export type { AppConfig } from "./config-request";

export const appConfigQueryOptions = queryOptions({
  queryKey: ["config"],
  queryFn: fetchAppConfig,
  staleTime: Infinity,
});

/** The chain's name, e-mail domain and time zone, as the server is configured. */
export const useAppConfig = () => useQuery(appConfigQueryOptions);
