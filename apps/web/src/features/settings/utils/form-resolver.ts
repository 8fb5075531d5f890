import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * zodResolver over a domain schema, for a form whose fields are all present as typed (text as
 * strings, switches as booleans) while the schema's input allows them to be left out: the form's
 * values are checked by exactly the rules, and shown the messages, of the API.
 */
export function formResolver<Values extends FieldValues, Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
): Resolver<Values, unknown, z.output<Schema>> {
  return zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<Schema>>;
}
