import type { Picklist } from "@passo/domain";
import { createDialogsProvider } from "@/components/feedback/dialogs-provider";

/** The administrator's edit and delete, and the alert or reminder sent to the store. */
export type PicklistDialog = "edit" | "delete" | "alert";

const picklistDialogs = createDialogsProvider<PicklistDialog, Picklist>("Picklist");

/** Which of the processes screen's dialogs is open, and for which list. */
export const PicklistDialogsProvider = picklistDialogs.Provider;
export const usePicklistDialogs = picklistDialogs.useDialogs;
