import { userSchema, type Role } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

const usersResponseSchema = z.object({ users: z.array(userSchema) });

/** GET /api/users/get, optionally of one role (the stores are the users with role Usuário básico). */
export async function getUsers(role?: Role, signal?: AbortSignal) {
  const { users } = usersResponseSchema.parse(await api.get("/users/get", { role }, signal));
  return users;
}

/** Every users query starts with this key (the store pickers' too), so one invalidation refreshes them all. */
export const USERS_KEY = ["users"] as const;

export const usersQueryOptions = (role?: Role) =>
  queryOptions({
    queryKey: [...USERS_KEY, "list", role ? { role } : {}],
    queryFn: ({ signal }) => getUsers(role, signal),
  });

export const useUsers = (role?: Role) => useQuery(usersQueryOptions(role));
