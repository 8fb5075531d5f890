/** The administrator the e2e server starts with (playwright.config.ts passes these to it). */
export const ADMIN_EMAIL = "admin@exemplo.com.br";
export const ADMIN_PASSWORD = "senha-admin-e2e";
export const STORE_PASSWORD = "senha-loja-e2e";
