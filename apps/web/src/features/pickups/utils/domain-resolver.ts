import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver over a domain schema that shows, at each field, the first issue the
 * schema reports for it: exactly the message the API would answer. (zodResolver replaces a union's
 * own message, e.g. 'Informe a data prevista para retirada.', with one of its branches' English
 * defaults.) The form holds its fields as typed; the schema's output is what the submit receives.
 */
export function domainResolver<Values extends FieldValues, Output>(schema: z.ZodType<Output>): Resolver<Values, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join(".");
      errors[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
