import type { NotificationRule } from "@passo/domain";
import { createDialogsProvider, type RecordDialog } from "@/components/feedback/dialogs-provider";

const notificationRuleDialogs = createDialogsProvider<RecordDialog, NotificationRule>("NotificationRule");

/** The 'Notificações' dialogs: which one is open, and for which store's rule. */
export const NotificationRuleDialogsProvider = notificationRuleDialogs.Provider;
export const useNotificationRuleDialogs = notificationRuleDialogs.useDialogs;
