import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** PostgreSQL text cannot hold U+0000: such a value reached a query as a 500 (found by wapiti, issue 6). */
const NUL = '\u0000';

/**
 * The dotted path of the first string (value or key) inside `value` that holds a NUL character, or undefined.
 * Walks with its own stack, not recursion: a JSON body within the size limit can nest 100,000 levels deep,
 * which overflowed the call stack (a 500, found by hardening/properties.test.ts).
 */
export function nulPath(value: unknown, path = ''): string | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return at;
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

/** Throws VALIDATION_FAILED naming the field when any string of `value` holds a NUL character. */
export function refuseNul(value: unknown): void {
  const path = nulPath(value);
  if (path !== undefined) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ path, code: 'validation.invalid_format' }]);
  }
}

/**
 * No text with a NUL character gets past validation: path parameters, query and JSON body are checked before
 * the route's schema (multipart fields in files/uploads.ts). Nothing the portal stores or searches needs one.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });
}
