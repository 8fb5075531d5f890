import type { Company } from "@passo/domain";
import { useMemo } from "react";
import { useAppConfig } from "@/lib/app-config";

/**
 * The chain as the server is configured: the `{name, emailDomain}` the domain's user and recipient
 * schemas take (the e-mail domain rule), and the time zone the e-mail previews format dates in.
 */
export function useCompany(): { company: Company | undefined; timeZone: string; isError: boolean } {
  const config = useAppConfig();
  const company = useMemo(
    () => (config.data ? { name: config.data.companyName, emailDomain: config.data.companyEmailDomain } : undefined),
    [config.data],
  );
  return { company, timeZone: config.data?.timezone ?? "America/Sao_Paulo", isError: config.isError };
}
