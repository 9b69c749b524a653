import type { z } from 'zod';

/**
 * A list's call as its address asks for it (each key a query parameter under the API's own name). A value the
 * schema refuses (a hand-edited link) is left out rather than failing the page; with nothing left, the defaults.
 */
export function paramsFromSearch<S extends z.ZodType>(
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
