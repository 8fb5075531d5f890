/**
 * The first part of every query key of the subjects that another subject's lists share: a write
 * refreshes every list of its subject through these, whichever feature reads them.
 */
export const USERS_KEY = ["users"] as const;
export const RECIPIENTS_KEY = ["recipients"] as const;
