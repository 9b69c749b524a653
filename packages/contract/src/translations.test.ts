import { describe, expect, it } from 'vitest';
import { formatTranslations, parseTranslations, translate } from './translations.ts';

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
});
