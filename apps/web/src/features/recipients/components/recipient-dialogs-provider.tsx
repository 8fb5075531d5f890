import type { Recipient } from "@passo/domain";
import { createDialogsProvider, type RecordDialog } from "@/components/feedback/dialogs-provider";

const recipientDialogs = createDialogsProvider<RecordDialog, Recipient>("Recipient");

/** The 'Gerenciar destinatários' dialogs: which one is open, and for which recipient. */
export const RecipientDialogsProvider = recipientDialogs.Provider;
export const useRecipientDialogs = recipientDialogs.useDialogs;
