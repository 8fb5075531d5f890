/** The largest NF-e PDF accepted. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
