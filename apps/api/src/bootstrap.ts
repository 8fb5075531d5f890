import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { loadDemoData } from "./demo/demo-data.js";
import { ensureEmailTemplates } from "./modules/email-templates/email-templates.service.js";
import { createSecretBox } from "./lib/secret-box.js";
import { ensureMailServer, sealStoredPasswords } from "./modules/mail-server/mail-server.service.js";
import { ensureFirstAdmin } from "./modules/users/users.service.js";

/** Migrations, then the records that must exist from the first start. */
export async function prepareDatabase(database: Database, config: Config, log: FastifyBaseLogger) {
  await database.migrate();
  const { db } = database;
  const admin = await ensureFirstAdmin(db, {
    email: config.adminEmail,
    password: config.adminPassword,
    company: { name: config.companyName, emailDomain: config.companyEmailDomain },
  });
  await ensureEmailTemplates(db);
  await ensureMailServer(db);
  const sealed = await sealStoredPasswords(db, createSecretBox(config.encryptionKey));
  if (sealed > 0) log.info({ sealed }, "SMTP password stored in clear is now encrypted with ENCRYPTION_KEY");
  if (admin.created) {
    if (admin.generatedPassword) {
      // Printed once, on the console only: the operator's one chance to read it.
      process.stdout.write(
        `\n  Primeiro administrador criado:\n    e-mail: ${config.adminEmail}\n    senha:  ${admin.generatedPassword}\n  Guarde esta senha; ela não será mostrada de novo.\n\n`,
      );
    } else {
      log.info({ email: config.adminEmail }, "first administrator created");
    }
    if (config.demoData) {
      await loadDemoData(db, { company: { name: config.companyName, emailDomain: config.companyEmailDomain }, timezone: config.timezone });
      log.info("demo chain loaded");
    }
  }
}
