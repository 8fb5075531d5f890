/**
 * The e-mails an administrator sends a store about one of its records: an alert while the
 * record has not begun its course (a list not started, an order in transit), a reminder after.
 */
export type AlertKind = "alert" | "reminder";

/** The flows whose records an administrator may alert a store about. */
export type AlertFlow = "picklist" | "pickup";
