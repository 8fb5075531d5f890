import { TEMPLATE_TITLES, TEMPLATE_TYPES } from "@passo/domain";
import type { Db } from "../../db/client.js";
import { emailTemplates } from "../../db/schema/index.js";
import { defaultTemplate } from "./default-templates.js";

/** The twelve templates (four types × three titles) exist from the first start; edited ones are kept. */
export async function ensureEmailTemplates(db: Db): Promise<void> {
  const rows = TEMPLATE_TITLES.flatMap((title) => TEMPLATE_TYPES.map((type) => ({ type, title, ...defaultTemplate(type, title) })));
  await db.insert(emailTemplates).values(rows).onConflictDoNothing();
}
