import { createHash } from "node:crypto";
import { ADMIN, API_KEY_MESSAGES, API_KEY_PREFIX, UPLOAD_MESSAGES, nfeSchema } from "@passo/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TICKET_INVALID, TICKET_TTL_SECONDS, adminOnly, anyRole, apiKeyFromToken, issueTicket, redeemTicket, requestToken, userFromToken } from "../../lib/auth.js";
import { HttpError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, routesOf } from "../../lib/route-schemas.js";
import { attachStoreScope } from "../../lib/store-scope.js";
import { renderDanfe } from "./danfe.js";
import { looksLikeXml, readNfeDocument, readNfeXml } from "./nfe-xml.js";
import { findInvoice, isInvoiceName, isPdf, mayOpenInvoice, saveInvoice } from "./uploads.service.js";

const FILE_FIELD = "invoiceFileName";

/**
 * What the form parser throws on a body cut short or without its boundary ("Unexpected end of form",
 * "Boundary not found"): the client's fault, 400. Fastify's own refusals (415, the limits) keep their answers.
 */
function malformedForm(err: unknown): never {
  const code = (err as { code?: unknown }).code;
  if (err instanceof HttpError || (typeof code === "string" && code.startsWith("FST_"))) throw err;
  throw badRequest(UPLOAD_MESSAGES.malformed);
}

/**
 * POST /api/uploads/nfe: the invoice a pickup will point at, sent before the pickup is created:
 * the NF-e's PDF, or its XML, which is read and answered as data to fill the pickup with.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["uploads"]);
  app.post(
    "/uploads/nfe",
    route({ access: adminOnly, apiKeyScope: "pickups" }, { 201: z.object({ message: z.string(), filename: z.string(), nfe: nfeSchema.optional() }), 413: errorResponse, 415: errorResponse, 422: errorResponse }, {
      summary:
        "Enviar a NF-e (o PDF ou o XML, layout 4.00; multipart, campo invoiceFileName); devolve o nome a usar em invoiceFileName e, para o XML, os dados lidos da NF-e em nfe",
      consumes: ["multipart/form-data"],
      headers: idempotencyHeaders,
    }),
    async (request, reply) => {
      const part = await request.file().catch(malformedForm);
      if (!part || part.fieldname !== FILE_FIELD || !part.filename) {
        await part?.toBuffer().catch(() => undefined);
        throw badRequest(UPLOAD_MESSAGES.noFile);
      }
      const content = await part.toBuffer().catch((err: unknown) => {
        throw (err as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE" ? new HttpError(413, UPLOAD_MESSAGES.tooLarge) : malformedForm(err);
      });
      if (part.file.truncated) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
      if (content.byteLength === 0) throw badRequest(UPLOAD_MESSAGES.noFile);
      const kind = isPdf(content) ? "pdf" : looksLikeXml(content) ? "xml" : undefined;
      if (!kind) throw new HttpError(415, UPLOAD_MESSAGES.notPdf);
      // Read before anything is stored: an XML that is not a good NF-e leaves nothing behind.
      const nfe = kind === "xml" ? readNfeXml(content) : undefined;
      // The same file under the same name is the same upload: a retry gets the first stored name back.
      const fingerprint = { sha256: createHash("sha256").update(content).digest("hex"), name: part.filename };
      return createOnce(request, reply, fingerprint, async (db) => {
        const filename = await saveInvoice(db, { content, originalName: part.filename, uploadedBy: request.auth.username, kind });
        return { statusCode: 201, body: { message: UPLOAD_MESSAGES.uploaded, filename, ...(nfe ? { nfe } : {}) } };
      });
    },
  );

  app.post(
    "/uploads/ticket",
    route({ access: anyRole, changes: false }, { 200: z.object({ ticket: z.string(), url: z.string(), expiresIn: z.number().int() }) }, {
      summary: `Um ingresso para abrir a NF-e numa aba nova (que não envia cabeçalhos): devolve o endereço /uploads/{name}?ticket=, que abre só esse arquivo e vale ${TICKET_TTL_SECONDS} s`,
      body: z.object({ name: z.string({ error: "Informe o arquivo da NF-e." }).max(200, UPLOAD_MESSAGES.notFound) }),
    }),
    async (request) => {
      const { name } = request.body;
      if (!request.session) throw unauthorized();
      if (!isInvoiceName(name) || !(await mayOpenInvoice(app.db, request.auth, name))) throw notFound(UPLOAD_MESSAGES.notFound);
      const ticket = await issueTicket(app, request.session, "invoice", name);
      return { ticket, url: `/uploads/${encodeURIComponent(name)}?ticket=${ticket}`, expiresIn: TICKET_TTL_SECONDS };
    },
  );
};

/**
 * GET /uploads/{invoiceFileName}, outside /api. Invoices carry customers' data, so the caller
 * must be an administrator or the store of a pickup that points at the file. Browsers open
 * the file in a new tab, which sends no Authorization header: they come with `?ticket=` from
 * POST /api/uploads/ticket, good for that file only, for a minute. A token in the URL never counts.
 */
export const invoiceFilesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/uploads/:name",
    {
      // A PDF, not a page of ours: not the app's page policy, but `sandbox` on every answer (the file's
      // and the errors'), so that nothing served here runs as the app's origin. Chrome's PDF viewer does
      // not render in a sandboxed document (crbug.com/413851): the file is sent as an attachment,
      // which every browser saves or opens in its own viewer.
      config: { contentSecurityPolicy: false },
      onSend: async (_request, reply, payload) => {
        reply.header("Content-Security-Policy", "sandbox");
        return payload;
      },
      schema: {
        tags: ["uploads"],
        summary:
          "Abrir a NF-e ou a assinatura do cliente de uma retirada (token no cabeçalho Authorization, ou ?ticket= de POST /api/uploads/ticket); ?format=pdf dá, de um XML, o DANFE simplificado para imprimir",
        params: z.object({ name: z.string() }),
        querystring: z.object({
          ticket: z.string().max(200).optional(),
          format: z.enum(["pdf"], { error: "Formato inválido: use format=pdf." }).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isInvoiceName(name)) throw notFound(UPLOAD_MESSAGES.notFound);
      const token = requestToken(request);
      const ticket = request.query.ticket;
      if (!token && !ticket) throw unauthorized("Autenticação necessária.");
      if (!token) {
        const redeemed = await redeemTicket(app, "invoice", ticket!, name);
        if (!redeemed) throw unauthorized(TICKET_INVALID);
        await attachStoreScope(app.db, redeemed.user);
        return sendInvoice(reply, await findInvoice(app.db, redeemed.user, name), name, request.query.format);
      }
      let user = token.startsWith(API_KEY_PREFIX) ? null : await userFromToken(app, token);
      if (token.startsWith(API_KEY_PREFIX)) {
        // Another system reads the invoices of the pickups it may read.
        const key = await apiKeyFromToken(app.db, token);
        if (!key) throw unauthorized(API_KEY_MESSAGES.invalid);
        if (!key.scopes.includes("pickups")) throw forbidden(API_KEY_MESSAGES.outOfScope);
        user = { id: key.id, username: key.name, email: "", role: ADMIN };
      }
      if (!user) throw unauthorized();
      await attachStoreScope(app.db, user);
      return sendInvoice(reply, await findInvoice(app.db, user, name), name, request.query.format);
    },
  );
};

/**
 * The invoice as stored (the PDF, or the NF-e's XML), to save or open in the browser's viewer, or a
 * customer's signature (a PNG, to show), or 404. With `format=pdf`, an XML is answered as its
 * simplified DANFE, a PDF to print.
 */
async function sendInvoice(reply: FastifyReply, invoice: Awaited<ReturnType<typeof findInvoice>>, name: string, format?: "pdf") {
  if (!invoice) throw notFound(UPLOAD_MESSAGES.notFound);
  const stored = Buffer.from(invoice.content.buffer, invoice.content.byteOffset, invoice.content.byteLength);
  const png = invoice.contentType === "image/png";
  const danfe = format === "pdf" && invoice.contentType === "application/xml";
  const xml = invoice.contentType === "application/xml" && !danfe;
  const label = (invoice.orderNumber ?? name.replace(/\.(pdf|xml|png)$/i, "")).replace(/[^A-Za-z0-9._-]/g, "_");
  const filename = png ? `assinatura-${label}.png` : danfe ? `danfe-${label}.pdf` : `nfe-${label}.${xml ? "xml" : "pdf"}`;
  return reply
    .header("Content-Type", png ? "image/png" : xml ? "application/xml" : "application/pdf")
    .header("Content-Disposition", `${png ? "inline" : "attachment"}; filename="${filename}"`)
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-store")
    // The URL may carry a ticket: links inside the PDF must not pass it on.
    .header("Referrer-Policy", "no-referrer")
    .send(danfe ? await renderDanfe(readNfeDocument(stored)) : stored);
}
