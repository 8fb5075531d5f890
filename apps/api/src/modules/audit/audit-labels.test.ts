import { AUDIT_FIELD_LABELS, API_KEY_SCOPES, csvDate, describeAuditChanges, type AuditEntity } from "@passo/domain";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { deadlineSettings, emailTemplates, mailServer, picklists, pickups, recipients, returns, securitySettings, storeRules, users } from "../../db/schema/index.js";
import { auditedApiKey } from "../api-keys/api-keys.service.js";
import { auditedProduct } from "../products/products.service.js";
import { auditedFieldName } from "../../records/audit.js";

/**
 * The fields each kind of record can write to an audit line: the columns of its table (a record's
 * audit line is its stored row, or a view of it), or for an API key what `auditedApiKey` keeps.
 * Typed by AuditEntity, so a new kind of record must say where its fields come from.
 */
const AUDITED_FIELDS: Record<AuditEntity, string[]> = {
  picklist: columnsOf(picklists),
  pickup: columnsOf(pickups),
  return: columnsOf(returns),
  user: [...columnsOf(users), "twoFactor"],
  recipient: columnsOf(recipients),
  "notification-rule": columnsOf(storeRules),
  "email-template": columnsOf(emailTemplates),
  "service-notification": columnsOf(mailServer),
  "api-key": Object.keys(auditedApiKey({ name: "", scopes: [] })),
  deadlines: columnsOf(deadlineSettings),
  "security-settings": columnsOf(securitySettings),
  product: Object.keys(auditedProduct({ sku: "", eans: [], description: "", reference: null, size: null, color: null, active: true })),
  customer: ["customerCPF", "anonymizedPickups", "anonymizedReturns", "anonymizedEmails", "anonymizedAuditLines"],
};

function columnsOf(table: PgTable): string[] {
  return Object.keys(getTableColumns(table));
}

describe("the audit report's labels", () => {
  it("name in Portuguese every field the API can write to an audit line", () => {
    const unlabelled = Object.entries(AUDITED_FIELDS).flatMap(([entity, fields]) =>
      fields
        .map(auditedFieldName)
        .filter((field): field is string => field !== null && !Object.hasOwn(AUDIT_FIELD_LABELS, field))
        .map((field) => `${entity}.${field}`),
    );
    expect(unlabelled).toEqual([]);
  });

  it("show a pickup's waiting date and an API key's scopes in Portuguese, never their code names", () => {
    const showDate = () => "27/11/2026 10:00:00";
    const waiting = describeAuditChanges("update", { waitingSince: { from: null, to: "2026-11-27T13:00:00.000Z" } }, showDate);
    expect(waiting).toBe("Aguardando retirada desde: — → 27/11/2026 10:00:00");
    const key = describeAuditChanges("create", { name: "E-commerce", scopes: [...API_KEY_SCOPES] }, showDate);
    expect(key).toBe("Nome: E-commerce | Acessos: Listas de separação, Retiradas em loja, Devoluções em loja, Catálogo de produtos");
  });

  it("show a day without a time", () => {
    const showDate = () => "27/11/2026 00:00:00";
    const day = describeAuditChanges("update", { scheduledPickupDate: { from: "2026-11-26T03:00:00.000Z", to: "2026-11-27T03:00:00.000Z" } }, showDate);
    expect(day).toBe("Data de retirada: 27/11/2026 → 27/11/2026");
  });

  it("shows a text shaped like an instant that is none (an item typed so) as it was typed, never as a date", () => {
    const showDate = (iso: string) => csvDate(iso, "America/Sao_Paulo");
    const line = describeAuditChanges("update", { listItems: { from: ["0000-00-00T00:00:00Z"], to: ["2026-19-99T99:99:99Z", "2026-11-27T12:00:00Z"] } }, showDate);
    expect(line).toBe("Itens: 0000-00-00T00:00:00Z → 2026-19-99T99:99:99Z, 27/11/2026 09:00:00");
  });
});
