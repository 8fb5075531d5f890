/** Where the browser tests' servers listen (playwright.config.ts starts both). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The second server runs on PostgreSQL, so that a test can arrange rows directly in its database. */
export const E2E_POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? E2E_PORT + 1000);
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/passo_e2e_${E2E_PORT}`;
export const POSTGRES_BASE_URL = `http://127.0.0.1:${E2E_POSTGRES_PORT}`;
/** The third serves the demo chain (DEMO_DATA=1), for the tests that look at full screens. */
export const E2E_DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? E2E_PORT + 2000);
export const DEMO_BASE_URL = `http://127.0.0.1:${E2E_DEMO_PORT}`;
/** A demo store with lists, pickups and returns in every status; every demo store has this password. */
export const DEMO_STORE_EMAIL = "loja.batel@exemplo.com.br";
export const DEMO_STORE_PASSWORD = "loja12345";
/** The demo chain's Supervisor (issue 31), with the stores' password. */
export const DEMO_SUPERVISOR_EMAIL = "supervisor@exemplo.com.br";
