import type { User } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export const getUsers = (signal?: AbortSignal) => api.get<{ users: User[] }>("/users/get", undefined, signal);

/** Spec 6: the return-history store filter lists every user, administrators included. */
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "list", "all"],
    queryFn: ({ signal }) => getUsers(signal),
    staleTime: 5 * 60_000,
  });

export const useUsers = () => useQuery(usersQueryOptions());
