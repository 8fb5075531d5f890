import { z } from "zod";
import { timestampSchema, trimmed } from "./fields.js";

/** What another system (the e-commerce platform, say) may be given access to: the records of one flow each, or the catalog. */
export const API_KEY_SCOPES = ["picklists", "pickups", "returns", "products"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  picklists: "Listas de separação",
  pickups: "Retiradas em loja",
  returns: "Devoluções em loja",
  products: "Catálogo de produtos",
};

/** Every key starts with this, so that one pasted in the wrong place is recognised for what it is. */
export const API_KEY_PREFIX = "passo_";

/** How the audit log names a change an API key made, in the place of a user's role. */
export const API_KEY_ACTOR_ROLE = "Chave de API";

export const API_KEY_MESSAGES = {
  nameRequired: "Informe um nome para a chave, com ao menos 2 caracteres.",
  nameTooLong: "O nome da chave deve ter no máximo 80 caracteres.",
  scopesRequired: "Selecione ao menos um acesso para a chave.",
  scopeInvalid: "Acesso inválido. Use: listas de separação, retiradas em loja, devoluções em loja ou catálogo de produtos.",
  nameTaken: "Já existe uma chave de API com este nome.",
  created: "Chave de API criada com sucesso!",
  revoked: "Chave de API revogada com sucesso!",
  notFound: "Chave de API não encontrada.",
  invalid: "Chave de API inválida ou revogada.",
  outOfScope: "Esta chave de API não dá acesso a esta ação.",
} as const;

/** A key as listed: never the key itself, which is shown once, on creation. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
});
export type ApiKey = z.output<typeof apiKeySchema>;

export const apiKeyCreateSchema = z.object(
  {
    name: trimmed(API_KEY_MESSAGES.nameRequired).pipe(z.string().min(2, API_KEY_MESSAGES.nameRequired).max(80, API_KEY_MESSAGES.nameTooLong)),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeInvalid }), { error: API_KEY_MESSAGES.scopesRequired })
      .min(1, API_KEY_MESSAGES.scopesRequired)
      .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s))),
  },
  { error: API_KEY_MESSAGES.nameRequired },
);
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
export type ApiKeyCreate = z.output<typeof apiKeyCreateSchema>;
