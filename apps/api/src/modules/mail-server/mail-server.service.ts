import { EMAIL_BODY_RETENTION_DEFAULT_DAYS, MAIL_SERVER_MESSAGES, type MailServer, type MailServerUpdate } from "@passo/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { mailServer } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { UnreadableSecretError, type SecretBox } from "../../lib/secret-box.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";
import { nudgeOutbox } from "../../lib/outbox-signal.js";
import { forgetCustomerEmailSwitches } from "../email-templates/email-templates.service.js";

type Row = typeof mailServer.$inferSelect;

/** The mail server e-mails go out through, with its password: for the server's own use only (the outbox worker's). */
export interface SmtpSettings {
  host: string;
  port: string;
  secure: boolean;
  user: string;
  pass: string;
}

/** The SMTP password is stored sealed (AES-256-GCM under ENCRYPTION_KEY), bound to this purpose. */
const PASSWORD_PURPOSE = "service_notification.pass";

/** The stored password in clear; undefined when none is stored; throws UnreadableSecretError when the key changed. */
function openPassword(box: SecretBox, stored: string): string | undefined {
  if (stored === "") return undefined;
  // A password stored before encryption existed, between the upgrade and its sealing at start-up.
  if (!box.isSealed(stored)) return stored;
  return box.open(stored, PASSWORD_PURPOSE);
}

function isReadable(box: SecretBox, stored: string): boolean {
  try {
    openPassword(box, stored);
    return true;
  } catch (err) {
    if (err instanceof UnreadableSecretError) return false;
    throw err;
  }
}

/** What an administrator is shown: whether a password is stored (and still readable), never the password. */
function toPublic(row: Row, box: SecretBox): MailServer {
  return {
    id: row.id,
    host: row.host,
    port: row.port,
    secure: row.secure,
    user: row.user,
    hasPassword: row.pass !== "",
    passwordUnreadable: !isReadable(box, row.pass),
    notifyCustomerPickupReady: row.notifyCustomerPickupReady,
    notifyCustomerPickupCollected: row.notifyCustomerPickupCollected,
    notifyCustomerReturn: row.notifyCustomerReturn,
    emailBodyRetentionDays: row.emailBodyRetentionDays,
  };
}

/** The single outgoing-mail record exists from the first start, empty until an administrator fills it. */
export async function ensureMailServer(db: Db): Promise<void> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(mailServer)) as [{ count: number }];
  if (count === 0) await db.insert(mailServer).values({});
}

export async function listMailServer(db: Db, box: SecretBox): Promise<MailServer[]> {
  const rows = await db.select().from(mailServer).orderBy(asc(mailServer.updatedAt), asc(mailServer.id));
  return rows.map((row) => toPublic(row, box));
}

/**
 * Seals a password stored in clear (by a version before ENCRYPTION_KEY existed); run on every start,
 * it finds nothing to do after the first.
 */
export async function sealStoredPasswords(db: Db, box: SecretBox): Promise<number> {
  const rows = await db.select({ id: mailServer.id, pass: mailServer.pass }).from(mailServer);
  let sealed = 0;
  for (const row of rows) {
    if (row.pass === "" || box.isSealed(row.pass)) continue;
    await db.update(mailServer).set({ pass: box.seal(row.pass, PASSWORD_PURPOSE) }).where(eq(mailServer.id, row.id));
    sealed++;
  }
  return sealed;
}

/** Mail that waited for a configuration goes out as soon as there is one. */
export async function updateMailServer(
  db: Db,
  box: SecretBox,
  actor: AuditActor,
  id: string,
  input: MailServerUpdate,
): Promise<MailServer> {
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(mailServer).where(eq(mailServer.id, id)).for("update");
    if (!current) throw notFound("Serviço de notificação não encontrado.");
    const readable = isReadable(box, current.pass);
    if (input.pass === undefined && current.pass === "") throw badRequest("A senha é obrigatória.");
    if (input.pass === undefined && !readable) throw badRequest(MAIL_SERVER_MESSAGES.passwordAgain);
    // The same password typed again keeps its sealed value: a fresh seal would read as a change in the audit log.
    const unchanged = input.pass === undefined || (readable && openPassword(box, current.pass) === input.pass);
    const pass = unchanged ? current.pass : box.seal(input.pass!, PASSWORD_PURPOSE);
    const [row] = await tx
      .update(mailServer)
      .set({
        host: input.host,
        port: input.port,
        secure: input.secure,
        user: input.user,
        pass,
        notifyCustomerPickupReady: input.notifyCustomerPickupReady ?? current.notifyCustomerPickupReady,
        notifyCustomerPickupCollected: input.notifyCustomerPickupCollected ?? current.notifyCustomerPickupCollected,
        notifyCustomerReturn: input.notifyCustomerReturn ?? current.notifyCustomerReturn,
        emailBodyRetentionDays: input.emailBodyRetentionDays ?? current.emailBodyRetentionDays,
        updatedAt: new Date(),
      })
      .where(eq(mailServer.id, id))
      .returning();
    await recordAudit(tx, actor, "service-notification", id, "update", current, row!);
    return toPublic(row!, box);
  });
  forgetCustomerEmailSwitches(db);
  nudgeOutbox();
  return updated;
}

async function currentRecord(db: Db | Tx): Promise<Row | undefined> {
  const [row] = await db.select().from(mailServer).orderBy(asc(mailServer.updatedAt), asc(mailServer.id)).limit(1);
  return row;
}

/** Host, user and password are filled in (whether the password can still be read or not). */
export async function isMailServerConfigured(db: Db | Tx): Promise<boolean> {
  const row = await currentRecord(db);
  return !!row && row.host !== "" && row.user !== "" && row.pass !== "";
}

/**
 * The settings mail goes out with, or undefined while host, user or password is missing. Throws
 * UnreadableSecretError when the password was sealed under another ENCRYPTION_KEY.
 */
export async function configuredSmtpSettings(db: Db | Tx, box: SecretBox): Promise<SmtpSettings | undefined> {
  const row = await currentRecord(db);
  if (!row || row.host === "" || row.user === "" || row.pass === "") return undefined;
  return { host: row.host, port: row.port, secure: row.secure, user: row.user, pass: openPassword(box, row.pass)! };
}

/** How many days sent e-mails keep their bodies ('Serviço de notificação'). */
export async function emailBodyRetentionDays(db: Db | Tx): Promise<number> {
  return (await currentRecord(db))?.emailBodyRetentionDays ?? EMAIL_BODY_RETENTION_DEFAULT_DAYS;
}
