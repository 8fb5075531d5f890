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

interface StoresHookOptions extends UsersHookOptions {
  /** The signed-in user is a Supervisor: its own stores (it may not list users). */
  supervisor?: boolean;
}

export const useUsers = (role?: Role, { enabled = true }: UsersHookOptions = {}) => useQuery({ ...usersQueryOptions(role), enabled });

const storeNames = (users: UserRecord[]) => users.map((user) => user.username).sort((a, b) => a.localeCompare(b, "pt-BR"));

const supervisedResponseSchema = z.object({ stores: z.array(z.object({ store: z.string() })) });

/**
 * A Supervisor's stores, in alphabetical order: it may not list users, and the metrics name exactly
 * the stores it supervises (GET /api/metrics/stores, its figures' rows).
 */
export const supervisedStoresQueryOptions = () =>
  queryOptions({
    queryKey: [...USERS_KEY, "supervised"],
    queryFn: async ({ signal }) =>
      supervisedResponseSchema
        .parse(await api.get("/metrics/stores", {}, signal))
        .stores.map((s) => s.store)
        .sort((a, b) => a.localeCompare(b, "pt-BR")),
  });

/**
 * The stores' names in alphabetical order: the store pickers and filters list stores only. A
 * Supervisor's filters list its own stores.
 */
export function useStores({ enabled = true, supervisor = false }: StoresHookOptions = {}) {
  const stores = useQuery({ ...usersQueryOptions(STORE), select: storeNames, enabled: enabled && !supervisor });
  const supervised = useQuery({ ...supervisedStoresQueryOptions(), enabled: enabled && supervisor });
  return supervisor ? supervised : stores;
}
