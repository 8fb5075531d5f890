import { STORE } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { useSignedInUser } from "@/lib/session";
import { USERS_KEY } from "./query-keys";

const settingSchema = z.object({ requireStaffPin: z.boolean() });

/** GET /api/staff/settings: whether the signed-in store requires a staff member's PIN ('Exigir PIN do atendente'). */
export const staffPinSettingQueryOptions = () =>
  queryOptions({
    // Under the users' key: an administrator's edit of the store refreshes it.
    queryKey: [...USERS_KEY, "staff-pin-setting"],
    queryFn: async ({ signal }) => settingSchema.parse(await api.get("/staff/settings", undefined, signal)).requireStaffPin,
    staleTime: 60_000,
  });

/** True when the signed-in store asks 'Quem está atendendo?' before its changes at the counter. */
export function useStaffPinRequired(): boolean {
  const user = useSignedInUser();
  const { data } = useQuery({ ...staffPinSettingQueryOptions(), enabled: user?.role === STORE });
  return data === true;
}
