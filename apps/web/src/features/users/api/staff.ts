import { staffSchema, type StaffCreateInput, type StaffUpdateInput } from "@passo/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, toSearchParams } from "@/lib/api-client";
import { USERS_KEY } from "@/api/query-keys";

/** A store's staff ('Atendentes'), under the users' key: they belong to the store's user. */
const STAFF_KEY = [...USERS_KEY, "staff"] as const;

const listSchema = z.object({ staff: z.array(staffSchema) });
const savedSchema = z.object({ message: z.string(), staff: staffSchema });

/**
 * Who manages a store's staff: an administrator (no PIN), or the store itself with one of its
 * managers' PIN, sent with every call (the server never keeps it in a session).
 */
export interface StaffAccess {
  store: string;
  managerPin?: string | undefined;
}

const withPin = (managerPin: string | undefined) => (managerPin ? { staffPin: managerPin } : {});

/** GET /api/staff/get?store= (&staffPin= for a store's manager). */
export const getStaff = async ({ store, managerPin }: StaffAccess, signal?: AbortSignal) =>
  listSchema.parse(await api.get("/staff/get", { store, ...withPin(managerPin) }, signal)).staff;

export const staffQueryOptions = (access: StaffAccess) =>
  queryOptions({
    // The PIN is not part of the key: only whether the list is read as a manager.
    queryKey: [...STAFF_KEY, access.store, access.managerPin ? "manager" : "admin"],
    queryFn: ({ signal }) => getStaff(access, signal),
    placeholderData: keepPreviousData,
  });

export const useStaffList = (access: StaffAccess) => useQuery(staffQueryOptions(access));

export function useSaveStaff(access: StaffAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Omit<StaffCreateInput, "store" | "staffPin"> | StaffUpdateInput }) =>
      id
        ? api.put(`/staff/update/${encodeURIComponent(id)}`, { ...input, ...withPin(access.managerPin) }).then((body) => savedSchema.parse(body))
        : api.post("/staff/create", { ...input, store: access.store, ...withPin(access.managerPin) }).then((body) => savedSchema.parse(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

export function useDeleteStaff(access: StaffAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/staff/delete/${encodeURIComponent(id)}${toSearchParams(withPin(access.managerPin))}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
