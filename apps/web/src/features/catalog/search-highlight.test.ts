import { describe, expect, it } from 'vitest';
import { highlightPieces } from './search-highlight.ts';

const marked = (text: string, query: string) =>
  highlightPieces(text, query)
    .filter((piece) => piece.match)
    .map((piece) => piece.text);

describe('search highlight', () => {
  it('marks the typed text whatever its case and Polish or German letters', () => {
    expect(marked('Łożysko kulkowe', 'lozysko')).toEqual(['Łożysko']);
    expect(marked('Rillenkugellager Größe 2', 'GROSSE')).toEqual(['Größe']);
    expect(marked('Śruba M10 i śruba M12', 'sruba')).toEqual(['Śruba', 'śruba']);
  });

  it('marks each word of the text, in any order, and keeps the rest as it is', () => {
    expect(highlightPieces('Łożysko kulkowe zwykłe', 'kulk loz')).toEqual([
      { text: 'Łoż', match: true },
      { text: 'ysko ', match: false },
      { text: 'kulk', match: true },
      { text: 'owe zwykłe', match: false },
    ]);
    expect(highlightPieces('AM-4410-205', 'xyz')).toEqual([{ text: 'AM-4410-205', match: false }]);
  });
});
