import { PICKLIST_IN_PROGRESS } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getPicklist } from "./get-picklist";
import { asRedirect, PicklistRedirectedError } from "./picklist-redirected";
import { PENDING_CARDS_TOAST, pendingCardCallbacks, updatePicklist } from "./update-picklist";

/**
 * 'Iniciar': re-read the list first; if it now goes to another store, stop with the
 * redirect. The API checks again on the PUT, so a redirect between the two calls is caught too.
 */
export async function startPicklist({ id, store }: { id: string; store: string }) {
  let destination: string;
  try {
    destination = (await getPicklist(id)).picklist.destination;
  } catch (error) {
    throw asRedirect(error);
  }
  if (destination !== store) throw new PicklistRedirectedError(destination);
  return updatePicklist(id, { currentStatus: PICKLIST_IN_PROGRESS });
}

export function useStartPicklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPicklist,
    meta: { toastId: PENDING_CARDS_TOAST },
    ...pendingCardCallbacks(queryClient),
  });
}
