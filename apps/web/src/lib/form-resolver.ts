import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { firstIssues } from "./first-issues";

/**
 * The react-hook-form resolver of every form: the domain's schema, the one the API validates with,
 * shows at each field the first issue it reports there, in the very words the API would answer.
 * (zodResolver would put one of a union's branch messages, often zod's English default, in place of
 * the union's own, e.g. 'Informe a data prevista para retirada.'.) The form holds its fields as
 * typed; the submit receives the schema's output.
 */
export function formResolver<Values extends FieldValues, Output, Context = unknown>(
  schema: $ZodType<Output>,
): Resolver<Values, Context, Output> {
  return async (values, _context, options) => {
    const result = await firstIssues(schema, values);
    if (!result.errors) return { values: result.value, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [path, { code, message }] of Object.entries(result.errors)) errors[path] = { type: code, message };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
