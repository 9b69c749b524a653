/**
 * Where a search text appears in a hint, ignoring case and diacritics as the server's search does
 * (normalizeSearchText): "lozysko" marks "Łożysko".
 */
import { foldSearchLetter } from '@care/contract/search-text';

export interface HighlightPiece {
  text: string;
  match: boolean;
}

/** `text` cut into pieces, those holding one of the query's words (folded) marked as a match. */
export function highlightPieces(text: string, query: string): HighlightPiece[] {
  const letters = [...text];
  // The folded text, and for each of its characters the letter of `text` it came from.
  let folded = '';
  const source: number[] = [];
  letters.forEach((letter, index) => {
    const piece = foldSearchLetter(letter);
    folded += piece;
    for (let i = 0; i < piece.length; i++) source.push(index);
  });
  const marked = new Array<boolean>(letters.length).fill(false);
  const words = [...query].map(foldSearchLetter).join('').split(/\s+/).filter(Boolean);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length)) {
      for (let i = at; i < at + word.length; i++) marked[source[i]!] = true;
    }
  }
  const pieces: HighlightPiece[] = [];
  letters.forEach((letter, index) => {
    const last = pieces.at(-1);
    if (last && last.match === marked[index]) last.text += letter;
    else pieces.push({ text: letter, match: marked[index]! });
  });
  return pieces;
}
