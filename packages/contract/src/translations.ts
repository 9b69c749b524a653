import { decodeXML } from 'entities/decode';
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

/** A numeric character reference, as XML writes it (`&#65;`, `&#x41;`); `X` too, as lenient decoders read it. */
const CHARACTER_REFERENCE = /&#(?:[xX]([0-9a-fA-F]+)|([0-9]+));/g;

/**
 * Whether `raw` refers to something that is no character: U+0000, a UTF-16 surrogate, or beyond U+10FFFF (XML 1.0
 * §4.1, "Legal Character"). Decoders replace those with U+FFFD; the hand-written one before made a NUL or a lone
 * surrogate of them, which PostgreSQL refused (a 500, issue 13). A name that holds one is refused instead.
 */
export function hasIllegalCharacterReference(raw: string): boolean {
  for (const [, hex, decimal] of raw.matchAll(CHARACTER_REFERENCE)) {
    const code = hex !== undefined ? parseInt(hex, 16) : parseInt(decimal!, 10);
    if (code === 0 || (code >= 0xd800 && code <= 0xdfff) || !(code <= 0x10ffff)) return true;
  }
  return false;
}

/**
 * A name as a client sends it: the ERP's string (plain, or the XML-like translations below) of at most `max`
 * characters, or a translated text. A string with a character reference to no character is VALIDATION_FAILED
 * `validation.invalid_format` (checked after the union, which would report any failure as `invalid_union`).
 */
export const translatedNameSchema = (max: number) =>
  z.union([z.string().max(max), TranslatedTextSchema]).check((ctx) => {
    if (typeof ctx.value === 'string' && hasIllegalCharacterReference(ctx.value))
      ctx.issues.push({ code: 'invalid_format', format: 'character-reference', input: ctx.value });
  });

/**
 * Parses the XML-like translation strings of the maker's ERP export, e.g.
 * `<translations default="pl"><pl>Łożysko</pl><en>Bearing</en><de>Lager</de></translations>`.
 * A string without tags is taken as the text of `fallback`. Unknown languages are ignored. Entities are decoded
 * by `entities` (XML's five and numeric references); a reference to no character becomes U+FFFD, never a NUL.
 * Format recorded in docs/decisions/004-translated-names.md.
 */
export function parseTranslations(raw: string, fallback: Language = FALLBACK_LANGUAGE): TranslatedText {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('<')) return { default: fallback, values: trimmed ? { [fallback]: trimmed } : {} };
  const values: Partial<Record<Language, string>> = {};
  for (const match of trimmed.matchAll(/<([a-z]{2})>([\s\S]*?)<\/\1>/gi)) {
    const lang = match[1]!.toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(lang))
      values[lang as Language] = decodeXML(match[2]!.trim());
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
