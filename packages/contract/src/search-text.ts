/**
 * The one way search text is folded, on the server (stored search columns, queries) and in the browser (marking
 * what a hint matched): lowercase, diacritics stripped, spaces squeezed. "Łożysko" → "lozysko",
 * "Rillenkugellager Größe" → "rillenkugellager grosse".
 */

/** Letters that Unicode NFD does not decompose into base letter + combining mark. */
const SPECIAL_LETTERS: Record<string, string> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'g');

/** Lowercase, strip diacritics, squeeze spaces. */
export function normalizeSearchText(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/** One letter folded as normalizeSearchText folds it ("Ł" → "l", "ß" → "ss", a lone combining mark → ""). */
export function foldSearchLetter(letter: string): string {
  const lower = letter.toLowerCase();
  return SPECIAL_LETTERS[lower] ?? lower.normalize('NFD').replace(/\p{M}+/gu, '');
}
