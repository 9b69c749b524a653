import type { z } from 'zod';

/**
 * The call a screen's address asks for, read with the API's own query schema: the `keys` present are parsed, and
 * a value the schema refuses (a hand-edited or outdated link) is left out instead of failing the screen.
 */
export function queryParamsOf<S extends z.ZodType>(
  schema: S,
  keys: readonly string[],
  search: URLSearchParams,
): z.output<S> {
  const input: Record<string, string> = {};
  for (const key of keys) {
    const value = search.get(key);
    if (value) input[key] = value;
  }
  for (let attempt = 0; attempt <= keys.length; attempt += 1) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
  }
  return schema.parse({});
}
