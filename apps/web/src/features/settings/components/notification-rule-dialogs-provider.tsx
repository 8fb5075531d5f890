import type { NotificationRule } from "@passo/domain";
import { createRecordDialogs } from "./dialogs-provider";

const notificationRuleDialogs = createRecordDialogs<NotificationRule>("NotificationRule");

/** The 'Notificações' dialogs: which one is open, and for which store's rule. */
export const NotificationRuleDialogsProvider = notificationRuleDialogs.Provider;
export const useNotificationRuleDialogs = notificationRuleDialogs.useDialogs;
