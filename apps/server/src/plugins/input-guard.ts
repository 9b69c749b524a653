import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** PostgreSQL text cannot hold U+0000: such a value reached a query as a 500 (found by wapiti, issue 6). */
const NUL = '\u0000';

/** The dotted path of the first string inside `value` that holds a NUL character, or undefined. */
export function nulPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return path ? `${path}.${key}` : key;
    const found = nulPath(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
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
