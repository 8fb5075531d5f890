import type { User } from "@passo/domain";
import { createDialogsProvider, type RecordDialog } from "@/components/feedback/dialogs-provider";

const userDialogs = createDialogsProvider<RecordDialog, User>("User");

/** The 'Gerenciar usuários' dialogs: which one is open, and for which user. */
export const UserDialogsProvider = userDialogs.Provider;
export const useUserDialogs = userDialogs.useDialogs;
