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

/**
 * The resolver of a create form that also sends catalog lines: while `hasLines()`, its typed items
 * (`itemsKey`) may be none, since the server appends the lines' copies to them before it checks the
 * list (docs/api.md, "The catalog"); every other rule is checked as usual.
 */
export function allowingCatalogLines<Values extends FieldValues, Output, Context = unknown>(
  resolver: Resolver<Values, Context, Output>,
  itemsKey: string,
  hasLines: () => boolean,
): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const items: unknown = values[itemsKey];
    if (!hasLines() || !Array.isArray(items) || items.length > 0) return resolver(values, context, options);
    // Checked with one stand-in item, so that the list's own rule is the only one set aside.
    const result = await resolver({ ...values, [itemsKey]: ["-"] }, context, options);
    if (Object.keys(result.errors).length > 0) return result;
    return { values: { ...result.values, [itemsKey]: [] } as Output, errors: {} };
  };
}
