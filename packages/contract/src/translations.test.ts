import { describe, expect, it } from 'vitest';
import {
  formatTranslations,
  hasIllegalCharacterReference,
  parseTranslations,
  translatedNameSchema,
  translate,
} from './translations.ts';

describe('translated names', () => {
  it('parses the ERP XML-like string with its default language', () => {
    const text = parseTranslations(
      '<translations default="en"><pl>Łożysko</pl><en>Bearing</en><de>Lager</de></translations>',
    );
    expect(text).toEqual({ default: 'en', values: { pl: 'Łożysko', en: 'Bearing', de: 'Lager' } });
  });

  it('takes a plain string as the fallback language', () => {
    expect(parseTranslations('Pasek klinowy')).toEqual({ default: 'pl', values: { pl: 'Pasek klinowy' } });
    expect(parseTranslations('  ')).toEqual({ default: 'pl', values: {} });
  });

  it('uses the first language when no default is declared and decodes entities', () => {
    const text = parseTranslations('<t><de>Schraube &amp; Mutter</de><en>Bolt</en></t>');
    expect(text.default).toBe('de');
    expect(text.values.de).toBe('Schraube & Mutter');
  });

  it('translates to the current language, then the default, then empty', () => {
    const text = { default: 'de' as const, values: { de: 'Lager', en: 'Bearing' } };
    expect(translate(text, 'en')).toBe('Bearing');
    expect(translate(text, 'pl')).toBe('Lager');
    expect(translate({ default: 'pl', values: {} }, 'en')).toBe('');
    expect(translate(null, 'en')).toBe('');
  });

  it("takes a browser's regional tag (en-GB, de-DE) as its language", () => {
    const text = { default: 'pl' as const, values: { pl: 'Łożysko', de: 'Lager', en: 'Bearing' } };
    expect(translate(text, 'en-GB')).toBe('Bearing');
    expect(translate(text, 'DE-de')).toBe('Lager');
    expect(translate(text, 'fr-FR')).toBe('Łożysko');
  });

  it('round-trips through the XML-like format', () => {
    const text = { default: 'pl' as const, values: { pl: 'Śruba <M8>', de: 'Schraube' } };
    expect(parseTranslations(formatTranslations(text))).toEqual(text);
  });

  it('decodes character references with the entities library, never to a NUL or a lone surrogate (issue 13)', () => {
    const text = parseTranslations(
      '<t><pl>&#x141;o&#380;ysko &lt;6204&gt; &quot;2RS&quot; &apos;x&apos; &#128668;</pl></t>',
    );
    expect(text.values.pl).toBe('Łożysko <6204> "2RS" \'x\' 🚜');
    // Before, the hand-written decoder made U+0000, a lone U+D800 and a RangeError of these.
    for (const reference of ['&#0;', '&#xD800;', '&#xdfff;', '&#x110000;', '&#99999999999999999999;']) {
      const decoded = parseTranslations(`<t><pl>a${reference}b</pl></t>`).values.pl!;
      expect(decoded, reference).toBe('a\ufffdb');
    }
    // An unknown or unterminated entity stays as written.
    expect(parseTranslations('<t><pl>&nbsp; &amp</pl></t>').values.pl).toBe('&nbsp; &amp');
  });

  it('tells a reference to no character from references to characters', () => {
    for (const raw of [
      '&#0;',
      '&#00;',
      '&#xD800;',
      '&#XDBFF;',
      '&#56320;',
      '&#x110000;',
      '&#x1000000000000;',
    ])
      expect(hasIllegalCharacterReference(`a${raw}`), raw).toBe(true);
    for (const raw of ['&#65;', '&#x10FFFF;', '&#xFFFD;', '&amp;#0;', '&#0', '# 0;', 'plain'])
      expect(hasIllegalCharacterReference(raw), raw).toBe(false);
  });

  it("refuses a client's name that refers to no character as invalid_format, and takes the others", () => {
    const schema = translatedNameSchema(100);
    const issues = schema.safeParse('<t><pl>Łożysko&#0;</pl></t>').error?.issues;
    expect(issues?.map((issue) => issue.code)).toEqual(['invalid_format']);
    expect(schema.safeParse('Śruba &amp; nakrętka').success).toBe(true);
    expect(schema.safeParse({ default: 'pl', values: { pl: '&#0;' } }).success).toBe(true);
    expect(schema.safeParse('x'.repeat(101)).success).toBe(false);
  });
});
