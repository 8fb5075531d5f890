import { STORE, userRecordSchema, type Role, type UserRecord } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { USERS_KEY } from "./query-keys";

const usersResponseSchema = z.object({ users: z.array(userRecordSchema) });

/** GET /api/users/get, optionally of one role (the stores are the users with role Usuário básico). */
export async function getUsers(role?: Role, signal?: AbortSignal) {
  const { users } = usersResponseSchema.parse(await api.get("/users/get", { role }, signal));
  return users;
}

export const usersQueryOptions = (role?: Role) =>
  queryOptions({
    queryKey: [...USERS_KEY, "list", role ? { role } : {}],
    queryFn: ({ signal }) => getUsers(role, signal),
  });

interface UsersHookOptions {
  /** false on screens a store also opens: only administrators may list users. */
  enabled?: boolean;
}

export const useUsers = (role?: Role, { enabled = true }: UsersHookOptions = {}) => useQuery({ ...usersQueryOptions(role), enabled });

const storeNames = (users: UserRecord[]) => users.map((user) => user.username).sort((a, b) => a.localeCompare(b, "pt-BR"));

/** The stores' names in alphabetical order: the store pickers and filters list stores only. */
export const useStores = ({ enabled = true }: UsersHookOptions = {}) =>
  useQuery({ ...usersQueryOptions(STORE), select: storeNames, enabled });
