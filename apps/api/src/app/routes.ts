import { SEARCH_HEADER } from "@passo/domain";
import type { FastifyPluginAsync } from "fastify";
import { badRequest } from "../lib/errors.js";
import { auditRoutes } from "../modules/audit/audit.routes.js";
import { authRoutes } from "../modules/auth/auth.routes.js";
import { customersRoutes } from "../modules/customers/customers.routes.js";
import { deadlinesRoutes } from "../modules/deadlines/deadlines.routes.js";
import { emailTemplatesRoutes } from "../modules/email-templates/email-templates.routes.js";
import { emailOutboxRoutes } from "../modules/email-outbox/email-outbox.routes.js";
import { storeRulesRoutes } from "../modules/store-rules/store-rules.routes.js";
import { picklistsRoutes } from "../modules/picklists/picklists.routes.js";
import { pickupsRoutes } from "../modules/pickups/pickups.routes.js";
import { productsRoutes } from "../modules/products/products.routes.js";
import { recipientsRoutes } from "../modules/recipients/recipients.routes.js";
import { returnsRoutes } from "../modules/returns/returns.routes.js";
import { alertsRoutes } from "../modules/alerts/alerts.routes.js";
import { apiKeysRoutes } from "../modules/api-keys/api-keys.routes.js";
import { backupRoutes } from "../modules/backup/backup.routes.js";
import { liveRoutes } from "../modules/live/live.routes.js";
import { metricsRoutes } from "../modules/metrics/metrics.routes.js";
import { exportsRoutes } from "../modules/exports/exports.routes.js";
import { mailServerRoutes } from "../modules/mail-server/mail-server.routes.js";
import { uploadsRoutes } from "../modules/uploads/uploads.routes.js";
import { staffRoutes } from "../modules/staff/staff.routes.js";
import { usersRoutes } from "../modules/users/users.routes.js";

/** Everything under /api: one plugin per resource. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  // Filters accept `status[]=` as well as a repeated `status=` (docs/api.md).
  app.addHook("preValidation", async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && "status[]" in query) {
      const extra = query["status[]"];
      const own = query.status;
      query.status = [...(own === undefined ? [] : [own].flat()), ...[extra].flat()];
      delete query["status[]"];
    }
    // A search (a CPF) may come in the X-Search header, percent-encoded, and stay out of the URL and
    // the access logs; it wins over `?search=`, which is still read (docs/api.md).
    const header = request.headers[SEARCH_HEADER.toLowerCase()];
    if (query && typeof header === "string" && header !== "") {
      let search: string;
      try {
        search = decodeURIComponent(header);
      } catch {
        throw badRequest("Pesquisa inválida.");
      }
      query.search = search;
    }
  });

  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(recipientsRoutes);
  await app.register(storeRulesRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(mailServerRoutes);
  await app.register(deadlinesRoutes);
  await app.register(picklistsRoutes);
  await app.register(pickupsRoutes);
  await app.register(returnsRoutes);
  await app.register(alertsRoutes);
  await app.register(emailOutboxRoutes);
  await app.register(uploadsRoutes);
  await app.register(auditRoutes);
  await app.register(apiKeysRoutes);
  await app.register(backupRoutes);
  await app.register(liveRoutes);
  await app.register(metricsRoutes);
  await app.register(exportsRoutes);
  await app.register(customersRoutes);
  await app.register(productsRoutes);
  await app.register(staffRoutes);

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: "Rota não encontrada." }));
};
