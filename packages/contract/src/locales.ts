export const LANGUAGES = ['pl', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'pl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first supported language of an Accept-Language header, by its weights. */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { language: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.language).find(isLanguage);
}

export interface PageLanguageInputs {
  /** `?lng=` */
  queryLanguage?: string | undefined;
  /** The `i18next` cookie. */
  cookieLanguage?: string | undefined;
  acceptLanguage?: string | undefined;
}

/**
 * The language of a page the server renders, looked for as the browser's detector does (web lib/i18n.ts): the
 * address's `lng`, the cookie, Accept-Language, then pl. The server keys its rendered pages on this one value.
 */
export function pageLanguage(inputs: PageLanguageInputs): Language {
  const pick = (value: string | undefined) => value?.toLowerCase().split('-')[0];
  const explicit = [pick(inputs.queryLanguage), pick(inputs.cookieLanguage)].find(isLanguage);
  return explicit ?? acceptedLanguage(inputs.acceptLanguage) ?? FALLBACK_LANGUAGE;
}
