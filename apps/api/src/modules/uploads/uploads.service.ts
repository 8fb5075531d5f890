import { randomUUID } from "node:crypto";
import { ADMIN, type User } from "@passo/domain";
import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { pickups, uploads } from "../../db/schema/index.js";
import { ofStores, readableStores } from "../../lib/store-scope.js";

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** A PDF by its first bytes: a name or a declared type says nothing about the content. */
export function isPdf(content: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, i) => content[i] === byte);
}

/** What the browser called the file, kept only for reference: no folders, no control characters. */
export function sanitizeOriginalName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || "nfe.pdf";
}

/** The kinds of file kept for a pickup: the NF-e's PDF (its DANFE) and its XML, and the customer's signature. */
const FILE_TYPES = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  xml: { contentType: "application/xml", extension: "xml" },
  png: { contentType: "image/png", extension: "png" },
} as const;

/** Stores the file under a name the server makes up, never one a client chose. */
export async function saveInvoice(
  db: Db,
  file: { content: Uint8Array; originalName: string | undefined; uploadedBy: string; kind?: keyof typeof FILE_TYPES },
): Promise<string> {
  const type = FILE_TYPES[file.kind ?? "pdf"];
  const name = `${randomUUID()}.${type.extension}`;
  await db.insert(uploads).values({
    name,
    originalName: sanitizeOriginalName(file.originalName),
    contentType: type.contentType,
    size: file.content.byteLength,
    content: file.content,
    uploadedBy: file.uploadedBy,
  });
  return name;
}

/** Stores a customer's signature (a PNG already checked) under a name the server makes up; the pickup keeps the name. */
export const saveSignature = (db: Db, content: Uint8Array, uploadedBy: string): Promise<string> =>
  saveInvoice(db, { content, originalName: "assinatura.png", uploadedBy, kind: "png" });

/** The pickups whose invoice (its PDF or its XML) or signature is the file `name`. */
const pointsAt = (name: string) =>
  or(eq(pickups.invoiceFileName, name), eq(pickups.invoiceXmlFileName, name), eq(pickups.signatureFileName, name));

/** Names the server hands out (and the demo's): plain file names, nothing that reads as a path. */
const INVOICE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isInvoiceName(name: string): boolean {
  return INVOICE_NAME.test(name) && !name.includes("..");
}

/**
 * An invoice (or a customer's signature) for someone allowed to read it: an administrator reads
 * any; a store (a Supervisor) only those of its own (its stores') pickups, and to it any other file does not exist.
 */
export async function findInvoice(db: Db, actor: User, name: string): Promise<{ content: Uint8Array; contentType: string; orderNumber?: string } | undefined> {
  const [pickup] = await db
    .select({ orderNumber: pickups.orderNumber })
    .from(pickups)
    .where(and(pointsAt(name), ofStores(pickups.pickupStoreName, readableStores(actor))))
    .orderBy(asc(pickups.orderDispatchDate))
    .limit(1);
  if (!pickup && actor.role !== ADMIN) return undefined;
  const [file] = await db.select({ content: uploads.content, contentType: uploads.contentType }).from(uploads).where(eq(uploads.name, name));
  if (!file) return undefined;
  return pickup ? { ...file, orderNumber: pickup.orderNumber } : file;
}

/** Whether `actor` may open the invoice `name` (as findInvoice would serve it), without reading the file. */
export async function mayOpenInvoice(db: Db, actor: User, name: string): Promise<boolean> {
  const scope = readableStores(actor);
  if (scope !== null) {
    const [pickup] = await db
      .select({ id: pickups.id })
      .from(pickups)
      .where(and(pointsAt(name), ofStores(pickups.pickupStoreName, scope)))
      .limit(1);
    if (!pickup) return false;
  }
  const [file] = await db.select({ name: uploads.name }).from(uploads).where(eq(uploads.name, name));
  return file !== undefined;
}
