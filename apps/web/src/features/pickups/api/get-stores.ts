import { STORE, type User } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Spec 6: the pickup screens' store pickers list only the users with role 'Usuário básico'. */
export const getStores = (signal?: AbortSignal) => api.get<{ users: User[] }>("/users/get", { role: STORE }, signal);

export const storesQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "list", { role: STORE }],
    queryFn: ({ signal }) => getStores(signal),
    select: (data) => data.users.map((user) => user.username),
  });

/** `enabled: false` on screens a store also opens: only administrators may list users. */
export const useStores = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...storesQueryOptions(), enabled });
