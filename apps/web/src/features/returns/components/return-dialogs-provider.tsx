import { createDialogsProvider } from "@/components/feedback/dialogs-provider";
import type { ReturnRecord } from "../api/get-returns";

export type ReturnDialog = "edit" | "delete" | "complete";

const returnDialogs = createDialogsProvider<ReturnDialog, ReturnRecord>("Return");

/** Which of the return-process dialogs is open, and for which return. */
export const ReturnDialogsProvider = returnDialogs.Provider;
export const useReturnDialogs = returnDialogs.useDialogs;
