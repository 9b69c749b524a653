import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Text PostgreSQL cannot store: U+0000 (text cannot hold it; wapiti's "/e%00", issue 6) and a UTF-16 surrogate
 * without its pair, which JSON's "\ud800" escape makes (a string with one cannot be encoded as UTF-8: text and
 * jsonb refuse it; issue 13). Both were 500s; nothing the portal stores or searches needs either.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is one of the two things this finds.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** A path naming where such text was, made storable itself (a key may be the bad text): U+FFFD in its place. */
const storablePath = (path: string) => path.replace(new RegExp(UNSTORABLE, 'g'), '\ufffd');

/**
 * The dotted path of the first string (value or key) inside `value` that is not storable text, or undefined; the
 * path's own unstorable characters are U+FFFD (it is answered, and stored with an import's problems).
 * Walks with its own stack, not recursion: a JSON body within the size limit can nest 100,000 levels deep,
 * which overflowed the call stack (a 500, found by hardening/properties.test.ts).
 */
export function unstorablePath(value: unknown, path = ''): string | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return storablePath(at);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries = Object.entries(item);
    // Pushed last to first so that they are visited in order, each key before what it holds.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      const innerPath = at ? `${at}.${key}` : key;
      stack.push([inner, innerPath], [key, innerPath]);
    }
  }
  return undefined;
}

/**
 * Throws VALIDATION_FAILED naming the field when any string of `value` (under `path`) is not storable text.
 * For text parsed after the guard ran, e.g. JSON inside a multipart field.
 */
export function refuseUnstorableText(value: unknown, path = ''): void {
  const at = unstorablePath(value, path);
  if (at !== undefined) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ path: at, code: 'validation.invalid_format' }]);
  }
}

/**
 * The one check of every string a request brings: path parameters, query and JSON body, values and keys, before
 * the route's schema (multipart fields in files/uploads.ts). A NUL or a lone surrogate answers 400 naming the field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseUnstorableText(request.params);
    refuseUnstorableText(request.query);
    refuseUnstorableText(request.body);
  });
}
