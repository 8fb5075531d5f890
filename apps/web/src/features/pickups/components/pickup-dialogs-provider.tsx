import { createDialogsProvider } from "@/components/feedback/dialogs-provider";
import type { PickupView } from "../api/get-pickups";

/** The administrator's edit, delete, alert and CPF check unlock; the store's receipt confirmation and withdrawal check. */
export type PickupDialog = "edit" | "delete" | "alert" | "unlock" | "receipt" | "withdrawal";

const pickupDialogs = createDialogsProvider<PickupDialog, PickupView>("Pickup");

/** Which pickup dialog is open, and for which row. */
export const PickupDialogsProvider = pickupDialogs.Provider;
export const usePickupDialogs = pickupDialogs.useDialogs;
