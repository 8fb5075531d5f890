import { randomBytes } from "node:crypto";
import { API_KEY_MESSAGES, API_KEY_PREFIX, type ApiKey, type ApiKeyCreate } from "@passo/domain";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { apiKeys } from "../../db/schema/index.js";
import { hashApiKey } from "../../lib/auth.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { conflict, notFound } from "../../lib/errors.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";

type Row = typeof apiKeys.$inferSelect;

function toApiKey(row: Row): ApiKey {
  return { id: row.id, name: row.name, scopes: row.scopes, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

/** The keys in use, oldest first; revoked keys are gone from the list (their rows stay for the audit log). */
export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(isNull(apiKeys.revokedAt)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(toApiKey);
}

/** What an audit line keeps of a key: its name and scopes, never its hash. */
export const auditedApiKey = (key: Pick<ApiKey, "name" | "scopes">) => ({ name: key.name, scopes: key.scopes });

/** A new key: 256 random bits after the recognisable prefix. Answers the key once; only its hash is stored. */
export async function createApiKey(db: Db, actor: AuditActor, input: ApiKeyCreate): Promise<{ apiKey: ApiKey; key: string }> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({ name: input.name, scopes: input.scopes, keyHash: hashApiKey(key), createdBy: actor?.apiKey ? null : (actor?.id ?? null) })
        .returning();
      const apiKey = toApiKey(row!);
      await recordAudit(tx, actor, "api-key", apiKey.id, "create", null, auditedApiKey(apiKey));
      return { apiKey, key };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(API_KEY_MESSAGES.nameTaken);
    throw err;
  }
}

/** Revoked at once: the next request with the key is refused (401). */
export async function revokeApiKey(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) throw notFound(API_KEY_MESSAGES.notFound);
    await recordAudit(tx, actor, "api-key", row.id, "delete", auditedApiKey(row), null);
  });
}
