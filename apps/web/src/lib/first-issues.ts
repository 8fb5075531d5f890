import { config, locales, type $ZodType } from "zod/v4/core";

// Messages a schema does not set itself come out in Portuguese, as the API's do. Set here, where a
// form first validates, rather than with the page: zod stays out of the login page's first load.
config(locales.pt());

export type FirstIssues<Output> = { value: Output; errors?: undefined } | { value?: undefined; errors: Record<string, { code: string; message: string }> };

/**
 * Runs a domain schema (the one the API validates with) through its Standard Schema interface and keeps,
 * for each field path ("items.0.name"), the first issue reported there, in the very words the API would
 * answer. Adds no zod code of its own to the page that loads it.
 */
export async function firstIssues<Output>(schema: $ZodType<Output>, values: unknown): Promise<FirstIssues<Output>> {
  const result = await schema["~standard"].validate(values);
  if (!result.issues) return { value: result.value };
  const errors: Record<string, { code: string; message: string }> = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");
    errors[path] ??= { code: "code" in issue ? String(issue.code) : "validate", message: issue.message };
  }
  return { errors };
}
