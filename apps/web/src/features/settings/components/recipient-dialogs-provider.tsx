import type { Recipient } from "@passo/domain";
import { createRecordDialogs } from "./dialogs-provider";

const recipientDialogs = createRecordDialogs<Recipient>("Recipient");

/** The 'Gerenciar destinatários' dialogs: which one is open, and for which recipient. */
export const RecipientDialogsProvider = recipientDialogs.Provider;
export const useRecipientDialogs = recipientDialogs.useDialogs;
