import type { StoreRule } from "@passo/domain";
import { createDialogsProvider, type RecordDialog } from "@/components/feedback/dialogs-provider";

const storeRuleDialogs = createDialogsProvider<RecordDialog, StoreRule>("StoreRule");

/** The 'Notificações' dialogs: which one is open, and for which store's rule. */
export const StoreRuleDialogsProvider = storeRuleDialogs.Provider;
export const useStoreRuleDialogs = storeRuleDialogs.useDialogs;
