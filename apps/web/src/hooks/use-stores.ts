import { STORE, userSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

const usersResponseSchema = z.object({ users: z.array(userSchema) });

/** GET /api/users/get?role=Usuário básico: the stores, by username (spec 6: store pickers list only stores). */
export async function getStores(signal?: AbortSignal): Promise<string[]> {
  const { users } = usersResponseSchema.parse(await api.get("/users/get", { role: STORE }, signal));
  return users.map((user) => user.username).sort((a, b) => a.localeCompare(b, "pt-BR"));
}

export const storesQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "list", { role: STORE }, "usernames"],
    queryFn: ({ signal }) => getStores(signal),
  });

/** `enabled: false` on screens a store also opens: only administrators may list users. */
export const useStores = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...storesQueryOptions(), enabled });
