import { DAY_MS } from "@passo/domain";
import { and, eq, lt, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { emailOutbox } from "../../db/schema/index.js";
import { emailBodyRetentionDays } from "../mail-server/mail-server.service.js";

/**
 * Purges the bodies of the e-mails sent more than the retention period ago ('Serviço de notificação',
 * 90 days unless changed): the outbox keeps the fact (to whom, subject, status, when), not what it said nor the images it showed.
 * Run by the server's hourly sweep; answers how many bodies it purged.
 */
export async function purgeSentEmailBodies(db: Db, now = new Date()): Promise<number> {
  const days = await emailBodyRetentionDays(db);
  const purged = await db
    .update(emailOutbox)
    .set({ html: "", inlineImages: [], bodySource: null })
    .where(and(eq(emailOutbox.status, "sent"), lt(emailOutbox.sentAt, new Date(now.getTime() - days * DAY_MS)), ne(emailOutbox.html, "")))
    .returning({ id: emailOutbox.id });
  return purged.length;
}
