import { useEffect, useState } from "react";
import { api } from "./api-client";

export interface AppConfig {
  productName: string;
  companyName: string;
  companyEmailDomain: string;
  timezone: string;
}

let pending: Promise<AppConfig> | undefined;

/**
 * `/api/config`, asked once per page load (it changes only with the server's configuration). A plain
 * request, without TanStack Query: the login page reads it before the signed-in shell (and the query
 * client) has loaded; the signed-in screens read it through `useAppConfig` (lib/app-config.ts), which
 * shares this request.
 */
export function fetchAppConfig(): Promise<AppConfig> {
  pending ??= api.get<AppConfig>("/config").catch((error: unknown) => {
    pending = undefined; // the next reader asks again
    throw error;
  });
  return pending;
}

/** The configuration once it has arrived; undefined meanwhile or when it could not be read. */
export function useConfigNow(): AppConfig | undefined {
  const [config, setConfig] = useState<AppConfig>();
  useEffect(() => {
    let current = true;
    fetchAppConfig().then(
      (value) => current && setConfig(value),
      () => {}, // the page goes on without the company name
    );
    return () => {
      current = false;
    };
  }, []);
  return config;
}
