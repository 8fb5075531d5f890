import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

/**
 * The react-hook-form resolver of every form: the domain's schema, the one the API validates with,
 * shows at each field the first issue it reports there, in the very words the API would answer.
 * (zodResolver would put one of a union's branch messages, often zod's English default, in place of
 * the union's own, e.g. 'Informe a data prevista para retirada.'.) The form holds its fields as
 * typed; the submit receives the schema's output. The schema is run through its Standard Schema
 * interface, so that this module adds no zod code of its own to the page that loads it.
 */
export function formResolver<Values extends FieldValues, Output, Context = unknown>(
  schema: $ZodType<Output>,
): Resolver<Values, Context, Output> {
  return async (values, _context, options) => {
    const result = await schema["~standard"].validate(values);
    if (!result.issues) return { values: result.value, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.issues) {
      const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");
      errors[path] ??= { type: "code" in issue ? String(issue.code) : "validate", message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
