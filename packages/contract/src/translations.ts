import { z } from 'zod';
import { LANGUAGES, FALLBACK_LANGUAGE, type Language } from './locales.ts';

/** A text in several languages plus the language to fall back to (SPEC §3, cart item name). */
export const TranslatedTextSchema = z.object({
  default: z.enum(LANGUAGES),
  values: z.partialRecord(z.enum(LANGUAGES), z.string()),
});
export type TranslatedText = z.infer<typeof TranslatedTextSchema>;

/** The current language's text, else the default language's, else "". */
export function translate(text: TranslatedText | null | undefined, language: string): string {
  if (!text) return '';
  // Browsers report regional tags (de-DE, en-GB); the catalogue's names are kept per language.
  const base = language.split('-')[0]?.toLowerCase() as Language;
  return text.values[base] || text.values[text.default] || '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeEntities(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[e.toLowerCase()] ?? '';
  });
}

/**
 * Parses the XML-like translation strings of the maker's ERP export, e.g.
 * `<translations default="pl"><pl>Łożysko</pl><en>Bearing</en><de>Lager</de></translations>`.
 * A string without tags is taken as the text of `fallback`. Unknown languages are ignored.
 * Format recorded in docs/decisions/004-translated-names.md.
 */
export function parseTranslations(raw: string, fallback: Language = FALLBACK_LANGUAGE): TranslatedText {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('<')) return { default: fallback, values: trimmed ? { [fallback]: trimmed } : {} };
  const values: Partial<Record<Language, string>> = {};
  for (const match of trimmed.matchAll(/<([a-z]{2})>([\s\S]*?)<\/\1>/gi)) {
    const lang = match[1]!.toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(lang))
      values[lang as Language] = decodeEntities(match[2]!.trim());
  }
  const declared = /default\s*=\s*["']([a-z]{2})["']/i.exec(trimmed)?.[1]?.toLowerCase();
  const first = Object.keys(values)[0] as Language | undefined;
  const defaultLanguage =
    declared && (LANGUAGES as readonly string[]).includes(declared)
      ? (declared as Language)
      : (first ?? fallback);
  return { default: defaultLanguage, values };
}

/** Turns a TranslatedText back into the ERP's XML-like form (used by exports and tests). */
export function formatTranslations(text: TranslatedText): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const parts = LANGUAGES.filter((l) => text.values[l] !== undefined).map(
    (l) => `<${l}>${escape(text.values[l]!)}</${l}>`,
  );
  return `<translations default="${text.default}">${parts.join('')}</translations>`;
}
