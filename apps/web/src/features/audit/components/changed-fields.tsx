import { auditFieldChanges, auditRecordFields } from "@passo/domain";

import { formatDateTime } from "@/lib/dates";

import type { AuditEntry } from "../api/get-audit-history";

/** What changed: for an edit or a transition, each field from its old value to its new one. */
export function ChangedFields({ entry }: { entry: Pick<AuditEntry, "action" | "changes"> }) {
  const fields = auditFieldChanges(entry.action, entry.changes, formatDateTime);
  if (fields.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5 text-sm">
      {fields.map((change) => (
        <li key={change.field}>
          <span className="font-medium">{change.label}:</span> <span className="text-muted-foreground">{change.from}</span> → <span>{change.to}</span>
        </li>
      ))}
    </ul>
  );
}

/** The fields a created or deleted record had, `campo: valor` each. */
export function RecordFields({ entry }: { entry: Pick<AuditEntry, "action" | "changes"> }) {
  const fields = auditRecordFields(entry.action, entry.changes, formatDateTime);
  if (fields.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5 text-sm">
      {fields.map((field) => (
        <li key={field.field} className="break-words">
          <span className="font-medium">{field.label}:</span> <span>{field.value}</span>
        </li>
      ))}
    </ul>
  );
}
