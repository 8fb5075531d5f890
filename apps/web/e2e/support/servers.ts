/** Where the browser tests' servers listen (playwright.config.ts starts both). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The second server runs on PostgreSQL, so that a test can arrange rows directly in its database. */
export const E2E_POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? E2E_PORT + 1000);
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/passo_e2e_${E2E_PORT}`;
export const POSTGRES_BASE_URL = `http://127.0.0.1:${E2E_POSTGRES_PORT}`;
