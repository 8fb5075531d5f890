import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { serviceNotification } from "../../db/schema/index.js";

/** The single outgoing-mail record exists from the first start, empty until an administrator fills it. */
export async function ensureServiceNotification(db: Db): Promise<void> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(serviceNotification)) as [{ count: number }];
  if (count === 0) await db.insert(serviceNotification).values({});
}
