import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z, type ZodType } from "zod";

/**
 * Writes each answer with fast-json-stringify, from its route's zod response schema translated once,
 * when the route is added, to JSON Schema: the wire side of the schema (`io: "input"`), so timestamps
 * are ISO strings, as zod's encoding makes them. Zod's own serializer encoded every answer and then
 * ran JSON.stringify over the result: three to five times the CPU for a page of pickups or a store's
 * open lists.
 *
 * What goes out is the same: only the properties the schema names (zod strips the others), a union
 * written by the first branch the value matches (ajv picks it, as zod's union does), Dates as ISO
 * strings. What it does not do is refuse an answer that does not match: the services build them from
 * the domain's types, which the compiler checks. A schema with no JSON Schema form falls back to zod.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: "input", target: "draft-7", unrepresentable: "any" });
  } catch {
    return zodSerializerCompiler(route);
  }
  const stringify = fastJson(jsonSchema);
  return (data) => stringify(data);
};
