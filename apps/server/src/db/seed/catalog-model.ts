import type { TranslatedText } from '@care/contract/translations';

/** pl / en / de, in that order. */
export type Names = readonly [pl: string, en: string, de: string];

export interface CardModel {
  /** Four digits; part symbols of the card are AM-<code>-<nnn>. */
  code: string;
  name: Names;
  /** The card's own parts; standard parts (bolts, bearings) are added by the generator. */
  parts: readonly Names[];
}

export interface AssemblyModel {
  code: string;
  name: Names;
  cards: readonly CardModel[];
}

export interface FamilyModel {
  code: string;
  name: Names;
  /** Machine models a part may be limited to (the part's "configuration"). */
  models: readonly string[];
  assemblies: readonly AssemblyModel[];
}

export function translated([pl, en, de]: Names): TranslatedText {
  return { default: 'pl', values: { pl, en, de } };
}
