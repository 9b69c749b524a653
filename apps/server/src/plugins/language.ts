import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@care/contract/locales';
import type { FastifyRequest } from 'fastify';

const primary = (tag: string | undefined) => tag?.split(';')[0]?.trim().toLowerCase().split('-')[0];

/**
 * The language a person reads the portal in, for e-mails sent on their behalf: the web sends i18next's
 * current language as Accept-Language; the i18next cookie (SPEC §9 detection order) comes next; then pl.
 */
export function requestLanguage(request: FastifyRequest): Language {
  for (const part of (request.headers['accept-language'] ?? '').split(',')) {
    const language = primary(part);
    if (isLanguage(language)) return language;
  }
  const cookie = primary(request.cookies?.i18next);
  return isLanguage(cookie) ? cookie : FALLBACK_LANGUAGE;
}
