import type { User } from "@passo/domain";
import { createRecordDialogs } from "./dialogs-provider";

const userDialogs = createRecordDialogs<User>("User");

/** The 'Gerenciar usuários' dialogs: which one is open, and for which user. */
export const UserDialogsProvider = userDialogs.Provider;
export const useUserDialogs = userDialogs.useDialogs;
