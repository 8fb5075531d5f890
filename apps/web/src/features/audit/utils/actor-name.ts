import { API_KEY_ACTOR_ROLE, SYSTEM_ACTOR } from "@passo/domain";

import type { AuditEntry } from "../api/get-audit-history";

/** The actor as the log names it: a user, an API key (marked so), or the system. */
export function actorName(actor: AuditEntry["actor"]): string {
  if (!actor) return SYSTEM_ACTOR;
  return actor.role === API_KEY_ACTOR_ROLE ? `${actor.username} (chave de API)` : actor.username;
}
