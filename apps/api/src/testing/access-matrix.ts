import { PICKLIST_COMPLETED, PICKLIST_IN_PROGRESS, PICKLIST_NOT_STARTED } from "@passo/domain";
import { drawnPng, pngDataUrl } from "./signature.js";

/**
 * Who may call what, on whose records: one row per endpoint (and per field-level rule worth its own row),
 * expanded by security/access-matrix.test.ts into one test per role × record. docs/api.md "Who may do what" in table form.
 */

/**
 * "Chave de API": another system's key, with every scope (picklists, pickups, returns, products).
 * "Supervisor": a Supervisor user whose e-mail is that of the recipient Loja A's rule names as
 * supervisor (and no other rule names): it reads what Loja A reads, and changes nothing.
 */
export type Role = "anonymous" | "Loja A" | "Loja B" | "Administrador" | "Chave de API" | "Supervisor";
export const ROLES: readonly Role[] = ["anonymous", "Loja A", "Loja B", "Administrador", "Chave de API", "Supervisor"];

/** Whose record a cell works on: a store's (A or B), a record no store owns, or an id nobody was given. */
export type Target = "A" | "B" | "record" | "guessed";

/** A store's relation to the record of a cell. */
export type Relation = "own" | "other" | "any" | "guessed";

export interface WireRequest {
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** What each test cell may ask the database for; security/access-matrix.test.ts builds it on the API itself. */
export interface Seed {
  store(owner: "A" | "B"): { id: string; username: string; email: string };
  picklist(owner: "A" | "B", status?: string): Promise<{ id: string }>;
  pickup(owner: "A" | "B", status?: string): Promise<{ id: string; invoiceFileName: string; customerCPF: string }>;
  /** A pickup that keeps both files of its NF-e: the PDF in invoiceFileName, the XML in invoiceXmlFileName. */
  pickupWithXml(owner: "A" | "B"): Promise<{ id: string; invoiceFileName: string; invoiceXmlFileName: string }>;
  /** The pickup form with both files of the NF-e uploaded (the PDF and the XML). */
  pickupFormWithXml(): Promise<Record<string, unknown>>;
  /** A pickup its store confirmed with the customer's signature (served at /uploads/{signatureFileName}). */
  signedPickup(owner: "A" | "B"): Promise<{ id: string; signatureFileName: string }>;
  /** A pickup waiting in the store whose CPF check a store blocked with wrong CPFs. */
  cpfBlockedPickup(owner: "A" | "B"): Promise<{ id: string }>;
  pendingReturn(): Promise<{ id: string }>;
  returnReceivedBy(owner: "A" | "B"): Promise<{ id: string }>;
  rule(owner: "A" | "B"): Promise<{ id: string }>;
  user(): Promise<{ id: string }>;
  recipient(): Promise<{ id: string }>;
  template(): Promise<{ id: string } & Record<string, unknown>>;
  automaticTemplate(): Promise<{ id: string } & Record<string, unknown>>;
  mailServer(): Promise<{ id: string }>;
  apiKey(): Promise<{ id: string }>;
  /** A product of the catalog, with one GTIN. */
  product(): Promise<{ sku: string; ean: string }>;
  failedOutboxEntry(): Promise<{ id: string }>;
  /** A staff member of the store, added by an administrator. */
  staffMember(owner: "A" | "B"): Promise<{ id: string }>;
  /** The PIN of the role's own store manager (none for the other roles). */
  managerPin(role: Role): string | undefined;
  pickupForm(): Promise<object>;
  returnForm(): object;
  userForm(): object;
  recipientForm(): object;
  ruleForm(): Promise<object>;
  pdfUpload(): Promise<{ payload: Buffer; headers: Record<string, string> }>;
  /** The sample NF-e XML as an upload form. */
  xmlUpload(): Promise<{ payload: Buffer; headers: Record<string, string> }>;
  /** The token (or API key) the cells of `role` are sent with. */
  token(role: Role): string | undefined;
  /** A new sign-in of `role` (the API key itself for "Chave de API"): for a cell that ends its token. */
  freshToken(role: Role): Promise<string | undefined>;
  guessedId: string;
  guessedInvoice: string;
  customerCPF: string;
}

/**
 * `apiKey`: what an API key gets; left out, 403 (a key reaches only the reads and creations of its
 * scopes), or on a public route what anyone gets.
 */
export type Expected = Partial<
  Record<"anonymous" | "admin" | "own" | "other" | "any" | "adminGuessed" | "storeGuessed" | "apiKey" | "apiKeyGuessed" | "supervisor", number>
>;

export interface Row {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The route as Fastify registered it. */
  route: string;
  /** What the row checks, when a route has more than one row. */
  rule?: string;
  /** Collection routes have one cell per role; record routes one per role × target. */
  targets: readonly Target[];
  expected: Expected;
  request(seed: Seed, target: Target, role: Role): Promise<WireRequest>;
  /** Reads: what a store must not see in the body (another store's records, a CPF in full, phone or e-mail). */
  reads?: "picklists" | "pickups" | "returns";
  /**
   * A route called with POST, PUT or DELETE that a Supervisor calls as a store does: a public one, one of
   * its own account, or a read sent as POST. Every other such route answers a Supervisor 403 (the row's
   * `expected.supervisor` may say otherwise); its GETs answer it what they answer Loja A.
   */
  supervisorAsStore?: true;
}

const OWNED: readonly Target[] = ["A", "B", "guessed"];
const UNOWNED: readonly Target[] = ["record", "guessed"];
const COLLECTION: readonly Target[] = [];

/** Settings: administrators only; a store is turned away before anything is looked up. */
const adminOnly = (admin: number, adminGuessed = 404): Expected => ({ admin, adminGuessed, own: 403, other: 403, any: 403, storeGuessed: 403 });

/** A valid CPF that no seeded record holds. */
export const NOBODYS_CPF = "46819573057";

const owner = (target: Target) => (target === "B" ? "B" : "A");

export const ACCESS_MATRIX: readonly Row[] = [
  // auth: public by design
  {
    method: "POST",
    route: "/api/auth/login",
    rule: "wrong password: the same 401 whoever asks",
    supervisorAsStore: true,
    targets: COLLECTION,
    expected: { anonymous: 401, admin: 401, any: 401 },
    request: async (seed) => ({ url: "/api/auth/login", payload: { email: seed.store("A").email, password: "senha-errada" } }),
  },
  {
    method: "POST",
    route: "/api/auth/validate-token",
    rule: "a token that was never signed",
    supervisorAsStore: true,
    targets: COLLECTION,
    expected: { anonymous: 401, admin: 401, any: 401 },
    request: async () => ({ url: "/api/auth/validate-token", payload: { token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." } }),
  },
  // 'Sair': every signed-in person ends its own token (a new one per cell, so the others' go on); not an API key
  {
    method: "POST",
    route: "/api/auth/logout",
    supervisorAsStore: true,
    targets: COLLECTION,
    expected: { admin: 200, any: 200 },
    request: async (seed, _target, role) => {
      const token = await seed.freshToken(role);
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      return { url: "/api/auth/logout", headers };
    },
  },
  // two-factor sign-in: the code step and the forced enrolment take the login's short-lived token, not a session
  ...(["/api/auth/verify-mfa", "/api/auth/mfa/enrol/setup", "/api/auth/mfa/enrol/enable"] as const).map(
    (route): Row => ({
      method: "POST",
      route,
      rule: "a code-step token that was never signed",
      supervisorAsStore: true,
      targets: COLLECTION,
      expected: { anonymous: 401, admin: 401, any: 401 },
      request: async () => ({ url: route, payload: { mfaToken: "mfa.eyJzdWIiOiJ4In0.forjado", code: "123456" } }),
    }),
  ),
  // one's own second factor: every signed-in user, never an API key
  { method: "GET", route: "/api/auth/mfa", targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/auth/mfa" }) },
  {
    method: "POST",
    route: "/api/auth/mfa/setup",
    supervisorAsStore: true,
    targets: COLLECTION,
    expected: { admin: 200, any: 200 },
    request: async () => ({ url: "/api/auth/mfa/setup", payload: {} }),
  },
  {
    method: "POST",
    route: "/api/auth/mfa/enable",
    rule: "an empty code",
    supervisorAsStore: true,
    targets: COLLECTION,
    expected: { admin: 400, any: 400 },
    request: async () => ({ url: "/api/auth/mfa/enable", payload: { code: "" } }),
  },
  {
    method: "POST",
    route: "/api/auth/mfa/disable",
    rule: "not on",
    supervisorAsStore: true,
    targets: COLLECTION,
    expected: { admin: 409, any: 409 },
    request: async () => ({ url: "/api/auth/mfa/disable", payload: { password: "senha-da-loja" } }),
  },
  { method: "GET", route: "/api/settings/security", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/settings/security" }) },
  {
    method: "PUT",
    route: "/api/settings/security",
    targets: COLLECTION,
    expected: adminOnly(200),
    request: async () => ({ url: "/api/settings/security", payload: { requireAdminMfa: false } }),
  },
  {
    method: "GET",
    route: "/api/config",
    targets: COLLECTION,
    expected: { anonymous: 200, admin: 200, any: 200 },
    request: async () => ({ url: "/api/config" }),
  },

  // users
  { method: "GET", route: "/api/users/get", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/users/get" }) },
  {
    method: "POST",
    route: "/api/users/create",
    targets: COLLECTION,
    expected: adminOnly(201),
    request: async (seed) => ({ url: "/api/users/create", payload: seed.userForm() }),
  },
  {
    method: "PUT",
    route: "/api/users/update/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({
      url: `/api/users/update/${target === "guessed" ? seed.guessedId : (await seed.user()).id}`,
      payload: { role: "Usuário básico" },
    }),
  },
  {
    method: "PUT",
    route: "/api/users/update/:id",
    rule: "a store's 'Exigir assinatura na retirada'",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({
      url: `/api/users/update/${target === "guessed" ? seed.guessedId : (await seed.user()).id}`,
      payload: { requireSignature: true },
    }),
  },
  {
    method: "PUT",
    route: "/api/users/update/:id",
    rule: "a store's 'Exigir PIN do atendente'",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({
      url: `/api/users/update/${target === "guessed" ? seed.guessedId : (await seed.user()).id}`,
      payload: { requireStaffPin: true },
    }),
  },
  {
    method: "DELETE",
    route: "/api/users/delete/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({ url: `/api/users/delete/${target === "guessed" ? seed.guessedId : (await seed.user()).id}` }),
  },
  {
    method: "PUT",
    route: "/api/users/change-password/:id",
    rule: "only one's own",
    targets: OWNED,
    expected: { admin: 403, adminGuessed: 403, own: 200, other: 403, storeGuessed: 403 },
    request: async (seed, target) => ({
      url: `/api/users/change-password/${target === "guessed" ? seed.guessedId : seed.store(owner(target)).id}`,
      payload: { password: "senha-da-loja", newPassword: "senha-da-loja", confirmNewPassword: "senha-da-loja" },
    }),
  },

  // recipients
  { method: "GET", route: "/api/recipients/get", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/recipients/get" }) },
  {
    method: "POST",
    route: "/api/recipients/create",
    targets: COLLECTION,
    expected: adminOnly(201),
    request: async (seed) => ({ url: "/api/recipients/create", payload: seed.recipientForm() }),
  },
  {
    method: "PUT",
    route: "/api/recipients/update/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({
      url: `/api/recipients/update/${target === "guessed" ? seed.guessedId : (await seed.recipient()).id}`,
      payload: { role: "Gerente" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/recipients/delete/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({ url: `/api/recipients/delete/${target === "guessed" ? seed.guessedId : (await seed.recipient()).id}` }),
  },

  // store notification rules: a store's own rule is still a setting
  { method: "GET", route: "/api/notifications/get", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/notifications/get" }) },
  {
    method: "POST",
    route: "/api/notifications/create",
    targets: COLLECTION,
    expected: adminOnly(201),
    request: async (seed) => ({ url: "/api/notifications/create", payload: await seed.ruleForm() }),
  },
  {
    method: "PUT",
    route: "/api/notifications/update/:id",
    targets: OWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({
      url: `/api/notifications/update/${target === "guessed" ? seed.guessedId : (await seed.rule(owner(target))).id}`,
      payload: { notificationPickup: false },
    }),
  },
  {
    method: "DELETE",
    route: "/api/notifications/delete/:id",
    targets: OWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({ url: `/api/notifications/delete/${target === "guessed" ? seed.guessedId : (await seed.rule(owner(target))).id}` }),
  },

  // before the notification service is configured below
  ...(["picklist-alert", "picklist-reminder", "pickup-alert", "pickup-reminder"] as const).map(
    (path): Row => ({
      method: "POST",
      route: `/api/send-notification/${path}`,
      rule: "no service configured yet: 409 once past the role check",
      targets: OWNED,
      expected: adminOnly(409),
      request: async (seed, target) => {
        const record = path.startsWith("picklist")
          ? await seed.picklist(owner(target), path.endsWith("alert") ? PICKLIST_NOT_STARTED : PICKLIST_IN_PROGRESS)
          : await seed.pickup(owner(target), path.endsWith("alert") ? "Em trânsito" : "Aguardando retirada");
        return { url: `/api/send-notification/${path}`, payload: { id: target === "guessed" ? seed.guessedId : record.id } };
      },
    }),
  ),

  // e-mail templates and the notification service
  { method: "GET", route: "/api/template-email/get", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/template-email/get" }) },
  {
    method: "GET",
    route: "/api/template-email/defaults",
    targets: COLLECTION,
    expected: adminOnly(200),
    request: async () => ({ url: "/api/template-email/defaults" }),
  },
  {
    method: "PUT",
    route: "/api/template-email/update/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => {
      const template = await seed.template();
      return { url: `/api/template-email/update/${target === "guessed" ? seed.guessedId : template.id}`, payload: template };
    },
  },
  {
    method: "GET",
    route: "/api/template-email/automatic/get",
    targets: COLLECTION,
    expected: adminOnly(200),
    request: async () => ({ url: "/api/template-email/automatic/get" }),
  },
  {
    method: "PUT",
    route: "/api/template-email/automatic/update/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => {
      const template = await seed.automaticTemplate();
      return { url: `/api/template-email/automatic/update/${target === "guessed" ? seed.guessedId : template.id}`, payload: template };
    },
  },
  {
    method: "GET",
    route: "/api/service-notification/get",
    targets: COLLECTION,
    expected: adminOnly(200),
    request: async () => ({ url: "/api/service-notification/get" }),
  },
  {
    method: "PUT",
    route: "/api/service-notification/update/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({
      url: `/api/service-notification/update/${target === "guessed" ? seed.guessedId : (await seed.mailServer()).id}`,
      payload: { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test", pass: "SenhaDoServico2026abc" },
    }),
  },
  {
    method: "GET",
    route: "/api/deadlines/get",
    targets: COLLECTION,
    expected: { admin: 200, any: 200 },
    request: async () => ({ url: "/api/deadlines/get" }),
  },
  {
    method: "PUT",
    route: "/api/deadlines/update",
    targets: COLLECTION,
    expected: adminOnly(200),
    request: async () => ({ url: "/api/deadlines/update", payload: { reminderDays: [3, 7], escalationDays: 10, overdueDays: 15, picklistStartHours: 24 } }),
  },
  {
    method: "GET",
    route: "/api/notification-outbox/get",
    targets: COLLECTION,
    expected: adminOnly(200),
    request: async () => ({ url: "/api/notification-outbox/get" }),
  },
  {
    method: "GET",
    route: "/api/notification-outbox/record/:id",
    targets: OWNED,
    expected: { admin: 200, adminGuessed: 200, own: 403, other: 403, storeGuessed: 403 },
    request: async (seed, target) => ({
      url: `/api/notification-outbox/record/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}`,
    }),
  },
  {
    method: "POST",
    route: "/api/notification-outbox/retry/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({ url: `/api/notification-outbox/retry/${target === "guessed" ? seed.guessedId : (await seed.failedOutboxEntry()).id}` }),
  },
  {
    method: "GET",
    route: "/api/audit/:entity/:id",
    targets: OWNED,
    expected: adminOnly(200, 200),
    request: async (seed, target) => ({ url: `/api/audit/pickup/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}` }),
  },
  // 'Dados de cliente' (LGPD art. 18): administrators only, a store is turned away before the CPF is looked up.
  // The CPF is one no record holds: its data is empty lists, its anonymisation 404 (customers.test.ts anonymises real ones).
  {
    method: "GET",
    route: "/api/customers/:cpf/data",
    targets: COLLECTION,
    expected: adminOnly(200),
    request: async () => ({ url: `/api/customers/${NOBODYS_CPF}/data` }),
  },
  {
    method: "POST",
    route: "/api/customers/:cpf/anonymize",
    targets: COLLECTION,
    expected: adminOnly(404),
    request: async () => ({ url: `/api/customers/${NOBODYS_CPF}/anonymize` }),
  },
  // 'Relatório de alterações': the log across records, and its CSV
  { method: "GET", route: "/api/audit/get", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/audit/get" }) },
  { method: "GET", route: "/api/audit/export", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/audit/export" }) },
  { method: "GET", route: "/api/audit/actors", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/audit/actors" }) },
  // metrics: every signed-in user; a store gets only its own figures (metrics.test.ts checks which)
  { method: "GET", route: "/api/metrics/stores", targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/metrics/stores" }) },
  { method: "GET", route: "/api/metrics/daily", targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/metrics/daily" }) },
  { method: "GET", route: "/api/metrics/pickups-age", targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/metrics/pickups-age" }) },
  { method: "GET", route: "/api/metrics/refusals", targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/metrics/refusals" }) },
  { method: "GET", route: "/api/metrics/not-found-products", targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/metrics/not-found-products?by=reference" }) },
  { method: "GET", route: "/api/metrics/not-found-products/export", targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/metrics/not-found-products/export" }) },
  // 'Por atendente': a store its own people whatever it names, a Supervisor its stores' (another store: 404 as its records),
  // the office any store (metrics.staff.test.ts checks whose rows)
  {
    method: "GET",
    route: "/api/metrics/staff",
    rule: "Loja A's people",
    targets: COLLECTION,
    expected: { admin: 200, any: 200 },
    request: async (seed) => ({ url: `/api/metrics/staff?store=${encodeURIComponent(seed.store("A").username)}` }),
  },
  {
    method: "GET",
    route: "/api/metrics/staff",
    rule: "Loja B's people",
    targets: COLLECTION,
    expected: { admin: 200, any: 200, supervisor: 404 },
    request: async (seed) => ({ url: `/api/metrics/staff?store=${encodeURIComponent(seed.store("B").username)}` }),
  },
  // CSV exports: what each one's /get gives, as a file (exports.test.ts checks a store's rows and masking)
  ...(["picklist", "pickup", "return"] as const).map(
    (flow): Row => ({ method: "GET", route: `/api/${flow}/export`, targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: `/api/${flow}/export` }) }),
  ),
  // the backup command's copy of an embedded database: its own token from DATA_DIR, never a user's
  {
    method: "GET",
    route: "/api/backup/snapshot",
    targets: COLLECTION,
    expected: { anonymous: 401, admin: 401, any: 401 },
    request: async () => ({ url: "/api/backup/snapshot" }),
  },

  // live updates: every signed-in user gets a stream of its own records' events (modules/live/live.test.ts);
  // a stream never ends, so here only the refusal
  {
    method: "GET",
    route: "/api/events",
    rule: "a token that was never signed, in the header",
    targets: COLLECTION,
    expected: { anonymous: 401, admin: 401, any: 401 },
    request: async () => ({ url: "/api/events", headers: { authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." } }),
  },
  {
    method: "GET",
    route: "/api/events",
    rule: "the caller's own good token in ?token= never counts (a ticket does)",
    targets: COLLECTION,
    expected: { anonymous: 401, admin: 401, any: 401 },
    request: async (seed, _target, role) => ({ url: `/api/events?token=${encodeURIComponent(seed.token(role) ?? "")}`, headers: { authorization: "" } }),
  },
  // the browser's EventSource sends no header: a one-use ticket asked for with the token (live.test.ts)
  { method: "POST", route: "/api/live/ticket", supervisorAsStore: true, targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/live/ticket" }) },

  // staff ('Atendentes'): an administrator, any store's; a store, its own, with one of its managers' PIN
  { method: "GET", route: "/api/staff/settings", targets: COLLECTION, expected: { admin: 200, any: 200 }, request: async () => ({ url: "/api/staff/settings" }) },
  {
    method: "GET",
    route: "/api/staff/get",
    rule: "with the caller's manager PIN",
    targets: OWNED,
    // A Supervisor reads the stores' records, not their people's list (it manages no staff).
    expected: { admin: 200, own: 200, other: 403, adminGuessed: 400, storeGuessed: 403, supervisor: 403 },
    request: async (seed, target, role) => {
      const store = target === "guessed" ? "Loja Que Não Existe" : seed.store(owner(target)).username;
      const pin = seed.managerPin(role);
      return { url: `/api/staff/get?store=${encodeURIComponent(store)}${pin ? `&staffPin=${pin}` : ""}` };
    },
  },
  {
    method: "GET",
    route: "/api/staff/get",
    rule: "a store without its manager's PIN",
    targets: COLLECTION,
    expected: { admin: 200, any: 403 },
    request: async () => ({ url: "/api/staff/get" }),
  },
  {
    method: "POST",
    route: "/api/staff/create",
    targets: OWNED,
    expected: { admin: 201, own: 201, other: 403, adminGuessed: 400, storeGuessed: 403 },
    request: async (seed, target, role) => ({
      url: "/api/staff/create",
      payload: {
        name: "Atendente Matriz",
        store: target === "guessed" ? "Loja Que Não Existe" : seed.store(owner(target)).username,
        pin: String(100000 + Math.floor(Math.random() * 899999)),
        ...(seed.managerPin(role) ? { staffPin: seed.managerPin(role) } : {}),
      },
    }),
  },
  {
    method: "PUT",
    route: "/api/staff/update/:id",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, adminGuessed: 404, storeGuessed: 404 },
    request: async (seed, target, role) => ({
      url: `/api/staff/update/${target === "guessed" ? seed.guessedId : (await seed.staffMember(owner(target))).id}`,
      payload: { name: "Atendente Renomeado", ...(seed.managerPin(role) ? { staffPin: seed.managerPin(role) } : {}) },
    }),
  },
  {
    method: "DELETE",
    route: "/api/staff/delete/:id",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, adminGuessed: 404, storeGuessed: 404 },
    request: async (seed, target, role) => {
      const pin = seed.managerPin(role);
      return { url: `/api/staff/delete/${target === "guessed" ? seed.guessedId : (await seed.staffMember(owner(target))).id}${pin ? `?staffPin=${pin}` : ""}` };
    },
  },

  // API keys for other systems
  { method: "GET", route: "/api/api-keys/get", targets: COLLECTION, expected: adminOnly(200), request: async () => ({ url: "/api/api-keys/get" }) },
  {
    method: "POST",
    route: "/api/api-keys/create",
    targets: COLLECTION,
    expected: adminOnly(201),
    request: async () => ({ url: "/api/api-keys/create", payload: { name: `Sistema ${Math.random().toString(36).slice(2)}`, scopes: ["picklists"] } }),
  },
  {
    method: "DELETE",
    route: "/api/api-keys/delete/:id",
    targets: UNOWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({ url: `/api/api-keys/delete/${target === "guessed" ? seed.guessedId : (await seed.apiKey()).id}` }),
  },

  // the catalog: administrators and keys of scope products keep it; stores read it
  { method: "GET", route: "/api/products/get", targets: COLLECTION, expected: { admin: 200, any: 200, apiKey: 200 }, request: async () => ({ url: "/api/products/get?search=matriz" }) },
  {
    method: "GET",
    route: "/api/products/by-code/:code",
    targets: UNOWNED,
    expected: { admin: 200, any: 200, apiKey: 200 },
    request: async (seed, target) => ({ url: `/api/products/by-code/${target === "guessed" ? "7890000000000" : (await seed.product()).ean}` }),
  },
  {
    method: "POST",
    route: "/api/products/by-items",
    supervisorAsStore: true,
    targets: COLLECTION,
    expected: { admin: 200, any: 200, apiKey: 200 },
    request: async (seed) => ({ url: "/api/products/by-items", payload: { items: [`TENIS MATRIZ 42 ${(await seed.product()).sku}`] } }),
  },
  {
    method: "POST",
    route: "/api/products/import",
    targets: COLLECTION,
    expected: { ...adminOnly(200), apiKey: 200 },
    request: async () => ({ url: "/api/products/import", payload: { rows: [{ sku: `MATRIZ-${Math.random().toString(36).slice(2, 10)}`, description: "Tênis Matriz" }] } }),
  },
  {
    method: "PUT",
    route: "/api/products/update/:sku",
    targets: UNOWNED,
    expected: { ...adminOnly(200), apiKey: 200 },
    request: async (seed, target) => ({ url: `/api/products/update/${target === "guessed" ? "NINGUEM-1" : (await seed.product()).sku}`, payload: { color: "Azul" } }),
  },

  // picklists
  {
    method: "GET",
    route: "/api/picklist/get",
    targets: COLLECTION,
    expected: { admin: 200, any: 200, apiKey: 200 },
    reads: "picklists",
    request: async (seed) => {
      await seed.picklist("A");
      await seed.picklist("B");
      return { url: "/api/picklist/get" };
    },
  },
  {
    method: "GET",
    route: "/api/picklist/not-found",
    targets: COLLECTION,
    expected: adminOnly(200),
    request: async () => ({ url: "/api/picklist/not-found" }),
  },
  {
    method: "GET",
    route: "/api/picklist/transfer-number",
    rule: "a store looks among its own lists only (picklists.test.ts)",
    targets: COLLECTION,
    expected: { admin: 200, any: 200 },
    request: async () => ({ url: "/api/picklist/transfer-number?numberTransfer=123456" }),
  },
  {
    method: "GET",
    route: "/api/picklist/getId/:id",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, apiKey: 200 },
    reads: "picklists",
    request: async (seed, target) => ({ url: `/api/picklist/getId/${target === "guessed" ? seed.guessedId : (await seed.picklist(owner(target))).id}` }),
  },
  {
    method: "POST",
    route: "/api/picklist/create",
    targets: COLLECTION,
    expected: { admin: 201, any: 403, apiKey: 201 },
    request: async (seed) => ({ url: "/api/picklist/create", payload: { destination: seed.store("A").username, listItems: ["TENIS RUNNER 42 123456-7X"] } }),
  },
  {
    method: "POST",
    route: "/api/picklist/import",
    targets: COLLECTION,
    expected: { admin: 201, any: 403, apiKey: 201 },
    request: async (seed) => ({
      url: "/api/picklist/import",
      payload: { rows: [{ line: 2, store: seed.store("A").username, item: "TENIS RUNNER 42 123456-7X" }, { line: 3, store: seed.store("B").username, item: "CHINELO 38 765432-1X" }] },
    }),
  },
  {
    method: "PUT",
    route: "/api/picklist/update/:id",
    rule: "start",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404 },
    request: async (seed, target) => ({
      url: `/api/picklist/update/${target === "guessed" ? seed.guessedId : (await seed.picklist(owner(target))).id}`,
      payload: { currentStatus: PICKLIST_IN_PROGRESS },
    }),
  },
  {
    method: "PUT",
    route: "/api/picklist/update/:id",
    rule: "a store may not change the destination",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 404 },
    request: async (seed, target) => ({
      url: `/api/picklist/update/${target === "guessed" ? seed.guessedId : (await seed.picklist(owner(target))).id}`,
      payload: { destination: seed.store(target === "A" ? "B" : "A").username },
    }),
  },
  {
    method: "PUT",
    route: "/api/picklist/update/:id",
    rule: "a store may not change the items",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 404 },
    request: async (seed, target) => ({
      url: `/api/picklist/update/${target === "guessed" ? seed.guessedId : (await seed.picklist(owner(target))).id}`,
      payload: { listItems: ["CHINELO PRAIA 38 765432-1X"] },
    }),
  },
  {
    method: "PUT",
    route: "/api/picklist/update/:id",
    rule: "nobody finishes a list that was never started",
    targets: OWNED,
    expected: { admin: 409, own: 409, other: 404 },
    request: async (seed, target) => ({
      url: `/api/picklist/update/${target === "guessed" ? seed.guessedId : (await seed.picklist(owner(target))).id}`,
      payload: { currentStatus: PICKLIST_COMPLETED },
    }),
  },
  {
    method: "DELETE",
    route: "/api/picklist/delete/:id",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 403, storeGuessed: 403 },
    request: async (seed, target) => ({ url: `/api/picklist/delete/${target === "guessed" ? seed.guessedId : (await seed.picklist(owner(target))).id}` }),
  },

  // pickups
  {
    method: "GET",
    route: "/api/pickup/get",
    targets: COLLECTION,
    expected: { admin: 200, any: 200, apiKey: 200 },
    reads: "pickups",
    request: async (seed) => {
      await seed.pickup("A");
      await seed.pickup("B");
      return { url: "/api/pickup/get" };
    },
  },
  {
    method: "GET",
    route: "/api/pickup/getId/:id",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, apiKey: 200 },
    reads: "pickups",
    request: async (seed, target) => ({ url: `/api/pickup/getId/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}` }),
  },
  {
    method: "POST",
    route: "/api/pickup/create",
    targets: COLLECTION,
    expected: { admin: 201, any: 403, apiKey: 201 },
    request: async (seed) => ({ url: "/api/pickup/create", payload: await seed.pickupForm() }),
  },
  {
    method: "POST",
    route: "/api/pickup/create",
    rule: "with both files of the NF-e (invoiceXmlFileName beside the PDF)",
    targets: COLLECTION,
    expected: { admin: 201, any: 403, apiKey: 201 },
    request: async (seed) => ({ url: "/api/pickup/create", payload: await seed.pickupFormWithXml() }),
  },
  {
    method: "PUT",
    route: "/api/pickup/update/:id",
    rule: "confirm receipt",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/update/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}`,
      payload: { pickupStatus: "Aguardando retirada" },
    }),
  },
  {
    method: "PUT",
    route: "/api/pickup/update/:id",
    rule: "confirm pickup with the customer's CPF",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/update/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target), "Aguardando retirada")).id}`,
      payload: { pickupStatus: "Pedido retirado", withdrawalCPF: seed.customerCPF },
    }),
  },
  {
    method: "PUT",
    route: "/api/pickup/update/:id",
    rule: "confirm pickup with the customer's CPF and signature",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/update/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target), "Aguardando retirada")).id}`,
      payload: { pickupStatus: "Pedido retirado", withdrawalCPF: seed.customerCPF, signature: pngDataUrl(drawnPng()) },
    }),
  },
  {
    method: "PUT",
    route: "/api/pickup/update/:id",
    rule: "a store may not move a pickup to another store",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/update/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}`,
      payload: { pickupStoreName: seed.store(target === "A" ? "B" : "A").username },
    }),
  },
  {
    method: "PUT",
    route: "/api/pickup/update/:id",
    rule: "a store may not change the items",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/update/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}`,
      payload: { orderItems: ["CHINELO PRAIA 38 765432-1X"] },
    }),
  },
  {
    method: "PUT",
    route: "/api/pickup/update/:id",
    rule: "nobody skips receipt straight to picked up",
    targets: OWNED,
    expected: { admin: 409, own: 409, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/update/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}`,
      payload: { pickupStatus: "Pedido retirado", withdrawalCPF: seed.customerCPF },
    }),
  },
  {
    method: "POST",
    route: "/api/pickup/check-withdrawal/:id",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/check-withdrawal/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target), "Aguardando retirada")).id}`,
      payload: { withdrawalCPF: seed.customerCPF },
    }),
  },
  {
    method: "POST",
    route: "/api/pickup/check-withdrawal/:id",
    rule: "a blocked pickup's CPF check waits for an administrator (who reads the CPF anyway)",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/check-withdrawal/${target === "guessed" ? seed.guessedId : (await seed.cpfBlockedPickup(owner(target))).id}`,
      payload: { withdrawalCPF: seed.customerCPF },
    }),
  },
  {
    method: "PUT",
    route: "/api/pickup/update/:id",
    rule: "a store may not confirm a pickup whose CPF check is blocked, not even with the right CPF",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/update/${target === "guessed" ? seed.guessedId : (await seed.cpfBlockedPickup(owner(target))).id}`,
      payload: { pickupStatus: "Pedido retirado", withdrawalCPF: seed.customerCPF },
    }),
  },
  // 'Reenviar aviso': the pickup's store or an administrator; each cell its own pickup, so the hour's limit is not met
  {
    method: "POST",
    route: "/api/pickup/resend-ready/:id",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404 },
    request: async (seed, target) => ({
      url: `/api/pickup/resend-ready/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target), "Aguardando retirada")).id}`,
    }),
  },
  {
    method: "POST",
    route: "/api/pickup/resend-ready/:id",
    rule: "only a pickup waiting in the store",
    targets: OWNED,
    expected: { admin: 409, own: 409, other: 404 },
    request: async (seed, target) => ({ url: `/api/pickup/resend-ready/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}` }),
  },
  {
    method: "POST",
    route: "/api/pickup/unlock-cpf/:id",
    targets: OWNED,
    expected: adminOnly(200),
    request: async (seed, target) => ({
      url: `/api/pickup/unlock-cpf/${target === "guessed" ? seed.guessedId : (await seed.cpfBlockedPickup(owner(target))).id}`,
    }),
  },
  {
    method: "DELETE",
    route: "/api/pickup/delete/:id",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 403, storeGuessed: 403 },
    request: async (seed, target) => ({ url: `/api/pickup/delete/${target === "guessed" ? seed.guessedId : (await seed.pickup(owner(target))).id}` }),
  },

  // returns: "own" is a return the store received
  {
    method: "GET",
    route: "/api/return/get",
    targets: COLLECTION,
    expected: { admin: 200, any: 200, apiKey: 200 },
    reads: "returns",
    request: async (seed) => {
      await seed.returnReceivedBy("A");
      await seed.returnReceivedBy("B");
      return { url: "/api/return/get" };
    },
  },
  {
    method: "GET",
    route: "/api/return/getId/:id",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, apiKey: 200 },
    reads: "returns",
    request: async (seed, target) => ({ url: `/api/return/getId/${target === "guessed" ? seed.guessedId : (await seed.returnReceivedBy(owner(target))).id}` }),
  },
  {
    method: "POST",
    route: "/api/return/create",
    targets: COLLECTION,
    expected: { admin: 201, any: 403, apiKey: 201 },
    request: async (seed) => ({ url: "/api/return/create", payload: seed.returnForm() }),
  },
  {
    method: "PUT",
    route: "/api/return/update/:id",
    rule: "any store may accept a pending return",
    targets: UNOWNED,
    expected: { admin: 400, any: 200 },
    request: async (seed, target) => ({
      url: `/api/return/update/${target === "guessed" ? seed.guessedId : (await seed.pendingReturn()).id}`,
      payload: { returnStatus: "Devolvido em loja física" },
    }),
  },
  {
    method: "PUT",
    route: "/api/return/update/:id",
    rule: "a store may not change a pending return's items",
    targets: UNOWNED,
    expected: { admin: 200, any: 403 },
    request: async (seed, target) => ({
      url: `/api/return/update/${target === "guessed" ? seed.guessedId : (await seed.pendingReturn()).id}`,
      payload: { returnItems: ["CHINELO PRAIA 38 765432-1X"] },
    }),
  },
  {
    method: "PUT",
    route: "/api/return/update/:id",
    rule: "a store may not complete a return it received",
    targets: OWNED,
    expected: { admin: 200, own: 403, other: 404 },
    request: async (seed, target) => ({
      url: `/api/return/update/${target === "guessed" ? seed.guessedId : (await seed.returnReceivedBy(owner(target))).id}`,
      payload: { returnStatus: "Devolução concluída", transferNumber: "123456" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/return/delete/:id",
    targets: UNOWNED,
    expected: { admin: 200, any: 403, storeGuessed: 403 },
    request: async (seed, target) => ({ url: `/api/return/delete/${target === "guessed" ? seed.guessedId : (await seed.pendingReturn()).id}` }),
  },

  // invoices
  {
    method: "POST",
    route: "/api/uploads/nfe",
    targets: COLLECTION,
    expected: { admin: 201, any: 403, apiKey: 201 },
    request: async (seed) => ({ url: "/api/uploads/nfe", ...(await seed.pdfUpload()) }),
  },
  {
    method: "POST",
    route: "/api/uploads/nfe",
    rule: "the NF-e's XML, read and answered as data, the same way",
    targets: COLLECTION,
    expected: { admin: 201, any: 403, apiKey: 201 },
    request: async (seed) => ({ url: "/api/uploads/nfe", ...(await seed.xmlUpload()) }),
  },
  // a tab opening an invoice sends no header: a ticket for that one file, to whoever may open it (uploads.test.ts)
  {
    method: "POST",
    route: "/api/uploads/ticket",
    supervisorAsStore: true,
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404 },
    request: async (seed, target) => ({
      url: "/api/uploads/ticket",
      payload: { name: target === "guessed" ? seed.guessedInvoice : (await seed.pickup(owner(target))).invoiceFileName },
    }),
  },
  // operations: for load balancers and monitoring, open to anyone; /metrics here from this machine (METRICS_TOKEN is
  // unset in the tests): from elsewhere it is 404 (operations.test.ts)
  { method: "GET", route: "/healthz", targets: COLLECTION, expected: { anonymous: 200, admin: 200, any: 200 }, request: async () => ({ url: "/healthz" }) },
  { method: "GET", route: "/readyz", targets: COLLECTION, expected: { anonymous: 200, admin: 200, any: 200 }, request: async () => ({ url: "/readyz" }) },
  { method: "GET", route: "/metrics", targets: COLLECTION, expected: { anonymous: 200, admin: 200, any: 200 }, request: async () => ({ url: "/metrics" }) },

  {
    method: "GET",
    route: "/uploads/:name",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, apiKey: 200 },
    request: async (seed, target) => ({ url: `/uploads/${target === "guessed" ? seed.guessedInvoice : (await seed.pickup(owner(target))).invoiceFileName}` }),
  },
  {
    method: "GET",
    route: "/uploads/:name",
    rule: "?format=pdf (an XML invoice's DANFE) keeps the same access",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, apiKey: 200 },
    request: async (seed, target) => ({
      url: `/uploads/${target === "guessed" ? seed.guessedInvoice : (await seed.pickup(owner(target))).invoiceFileName}?format=pdf`,
    }),
  },
  {
    method: "GET",
    route: "/uploads/:name",
    rule: "the NF-e's XML kept beside its PDF (invoiceXmlFileName), and its DANFE",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, apiKey: 200 },
    request: async (seed, target) => ({
      url: `/uploads/${target === "guessed" ? `${seed.guessedId}.xml` : (await seed.pickupWithXml(owner(target))).invoiceXmlFileName}?format=pdf`,
    }),
  },
  {
    method: "POST",
    route: "/api/uploads/ticket",
    rule: "for the NF-e's XML kept beside its PDF",
    supervisorAsStore: true,
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404 },
    request: async (seed, target) => ({
      url: "/api/uploads/ticket",
      payload: { name: target === "guessed" ? `${seed.guessedId}.xml` : (await seed.pickupWithXml(owner(target))).invoiceXmlFileName },
    }),
  },
  {
    method: "GET",
    route: "/uploads/:name",
    rule: "the customer's signature of a collected pickup",
    targets: OWNED,
    expected: { admin: 200, own: 200, other: 404, apiKey: 200 },
    request: async (seed, target) => ({ url: `/uploads/${target === "guessed" ? `${seed.guessedId}.png` : (await seed.signedPickup(owner(target))).signatureFileName}` }),
  },
  {
    method: "GET",
    route: "/uploads/:name",
    rule: "the caller's own good token in ?token= never counts (a ticket does)",
    targets: COLLECTION,
    expected: { anonymous: 401, admin: 401, any: 401, apiKey: 401 },
    request: async (seed, _target, role) => ({
      url: `/uploads/${(await seed.pickup("A")).invoiceFileName}?token=${encodeURIComponent(seed.token(role) ?? "")}`,
      headers: { authorization: "" },
    }),
  },
];

/** A store's relation to a target; administrators and anonymous callers relate to every record alike. */
export function relation(role: Role, target: Target): Relation {
  if (target === "guessed") return "guessed";
  if (target === "record") return "any";
  if (role === "Loja A" || role === "Supervisor") return target === "A" ? "own" : "other";
  if (role === "Loja B") return target === "B" ? "own" : "other";
  return "any";
}

/** The status a cell must answer. */
export function expectedStatus(row: Row, role: Role, target: Target | undefined): number {
  const e = row.expected;
  if (role === "anonymous") return e.anonymous ?? 401;
  if (role === "Administrador") return target === "guessed" ? (e.adminGuessed ?? 404) : (e.admin ?? 200);
  if (role === "Chave de API") {
    if (e.apiKey === undefined) return e.anonymous ?? 403;
    return target === "guessed" ? (e.apiKeyGuessed ?? 404) : e.apiKey;
  }
  if (role === "Supervisor") {
    if (e.supervisor !== undefined) return e.supervisor;
    if (row.method !== "GET" && !row.supervisorAsStore) return 403;
  }
  if (target === undefined) return e.any ?? e.own ?? 403;
  const rel = relation(role, target);
  if (rel === "guessed") return e.storeGuessed ?? 404;
  return e[rel] ?? e.any ?? e.own ?? 403;
}
