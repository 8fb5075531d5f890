/**
 * The first part of every query key of the subjects that another subject's writes touch: deleting a
 * user deletes its store's rule, renaming a recipient renames it in the rules, a new mail server
 * setting sends the e-mails that waited for one. A feature refreshes another's lists through these,
 * without importing it.
 */
export const USERS_KEY = ["users"] as const;
export const RECIPIENTS_KEY = ["recipients"] as const;
export const STORE_RULES_KEY = ["store-rules"] as const;
export const EMAIL_OUTBOX_KEY = ["email-outbox"] as const;
/** The deadlines of 'Prazos': the pickup lists show 'Atrasado' by them. */
export const DEADLINES_KEY = ["deadlines"] as const;
/** The e-mails about one record, in its timeline. */
export const RECORD_NOTIFICATIONS_KEY = ["record-notifications"] as const;
/** The catalog: an edit or an import on 'Produtos' refreshes the pickers and the lists' products. */
export const PRODUCTS_KEY = ["products"] as const;
