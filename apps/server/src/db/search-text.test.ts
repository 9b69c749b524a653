import { describe, expect, it } from 'vitest';
import {
  buildPartSearchText,
  FOLD_FROM,
  FOLD_TO,
  normalizeSearchText,
  normalizeSymbol,
} from './search-text.ts';

describe('search text', () => {
  it('strips Polish and German diacritics so "lozysko" finds "łożysko"', () => {
    const text = buildPartSearchText({
      symbol: 'AM-4410-205',
      name: {
        default: 'pl',
        values: {
          pl: 'Łożysko kulkowe 6205-2RS',
          en: 'Ball bearing 6205-2RS',
          de: 'Rillenkugellager Größe 2',
        },
      },
      catalogNumber: '4410.205.00',
      sapId: '104410205',
      standard: 'ISO 15',
    });
    expect(text).toContain('lozysko kulkowe 6205-2rs');
    expect(text).toContain('ball bearing');
    expect(text).toContain('rillenkugellager grosse 2');
    expect(text).toContain('4410.205.00');
    expect(text).toContain('104410205');
    expect(text).toBe(text.toLowerCase());
  });

  it('lets a symbol be found with or without separators', () => {
    const text = buildPartSearchText({
      symbol: 'AM-4410-205',
      name: { default: 'pl', values: { pl: 'Sprężyna' } },
    });
    expect(text).toContain('am-4410-205');
    expect(text).toContain('am4410205');
    expect(normalizeSymbol(' am 4410.205 ')).toBe('am4410205');
    expect(normalizeSymbol('AM-4410/205_a')).toBe('am4410205a');
  });

  it('normalises case, accents and white space of a query', () => {
    expect(normalizeSearchText('  NÓŻ   listwy\ttnącej ')).toBe('noz listwy tnacej');
    expect(normalizeSearchText('Żniwiarz ŁĄKA ß æ ø đ')).toBe('zniwiarz laka ss ae o d');
  });

  it('folds in SQL exactly the letters it folds in JavaScript', () => {
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
    [...FOLD_FROM].forEach((letter, index) => expect(normalizeSearchText(letter)).toBe(FOLD_TO[index]));
  });
});
