/**
 * A country named in the page's language from its ISO 3166-1 alpha-2 code ("PL": Polska, Poland, Polen): the
 * browser's own list (Intl.DisplayNames), so no names are kept here. An unknown code reads as itself.
 */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
