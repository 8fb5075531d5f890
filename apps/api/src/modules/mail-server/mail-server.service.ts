import type { MailServer, MailServerUpdate } from "@passo/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { mailServer } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { recordAudit, type AuditActor } from "../audit/audit.js";
import { nudgeOutbox } from "../email-outbox/email-outbox.js";
import type { SmtpSettings } from "../email-outbox/email-outbox.worker.js";

type Row = typeof mailServer.$inferSelect;

/** What an administrator is shown: whether a password is stored, never the password. */
function toPublic(row: Row): MailServer {
  return {
    id: row.id,
    host: row.host,
    port: row.port,
    secure: row.secure,
    user: row.user,
    hasPassword: row.pass !== "",
    notifyCustomerPickupReady: row.notifyCustomerPickupReady,
    notifyCustomerPickupCollected: row.notifyCustomerPickupCollected,
    notifyCustomerReturn: row.notifyCustomerReturn,
  };
}

/** Which customer e-mails are switched on. */
export type CustomerEmailSwitches = Pick<Row, "notifyCustomerPickupReady" | "notifyCustomerPickupCollected" | "notifyCustomerReturn">;

/** The single outgoing-mail record exists from the first start, empty until an administrator fills it. */
export async function ensureMailServer(db: Db): Promise<void> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(mailServer)) as [{ count: number }];
  if (count === 0) await db.insert(mailServer).values({});
}

export async function listMailServer(db: Db): Promise<MailServer[]> {
  const rows = await db.select().from(mailServer).orderBy(asc(mailServer.updatedAt), asc(mailServer.id));
  return rows.map(toPublic);
}

/** Mail that waited for a configuration goes out as soon as there is one. */
export async function updateMailServer(
  db: Db,
  actor: AuditActor,
  id: string,
  input: MailServerUpdate,
): Promise<MailServer> {
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(mailServer).where(eq(mailServer.id, id)).for("update");
    if (!current) throw notFound("Serviço de notificação não encontrado.");
    const pass = input.pass ?? current.pass;
    if (pass === "") throw badRequest("A senha é obrigatória.");
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
        updatedAt: new Date(),
      })
      .where(eq(mailServer.id, id))
      .returning();
    await recordAudit(tx, actor, "service-notification", id, "update", current, row!);
    return toPublic(row!);
  });
  nudgeOutbox();
  return updated;
}

async function currentRecord(db: Db | Tx): Promise<Row | undefined> {
  const [row] = await db.select().from(mailServer).orderBy(asc(mailServer.updatedAt), asc(mailServer.id)).limit(1);
  return row;
}

/** The settings mail goes out with, or undefined while host, user or password is missing. */
export async function configuredSmtpSettings(db: Db | Tx): Promise<SmtpSettings | undefined> {
  const row = await currentRecord(db);
  if (!row || row.host === "" || row.user === "" || row.pass === "") return undefined;
  return { host: row.host, port: row.port, secure: row.secure, user: row.user, pass: row.pass };
}

/** The customer e-mails' switches; all on until the administrator turns one off. */
export async function customerEmailSwitches(db: Db | Tx): Promise<CustomerEmailSwitches> {
  const row = await currentRecord(db);
  return {
    notifyCustomerPickupReady: row?.notifyCustomerPickupReady ?? true,
    notifyCustomerPickupCollected: row?.notifyCustomerPickupCollected ?? true,
    notifyCustomerReturn: row?.notifyCustomerReturn ?? true,
  };
}
