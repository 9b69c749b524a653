import { CATALOG_FAMILIES } from '../../apps/server/src/db/seed/catalog.ts';
import type { Names } from '../../apps/server/src/db/seed/catalog-model.ts';
import { STANDARD_PARTS } from '../../apps/server/src/db/seed/standard-parts.ts';

/**
 * The words of the benchmark catalogue: the demo catalogue's real-ish pl/en/de part, card and assembly names
 * (apps/server/src/db/seed), varied with sides, positions, materials, sizes and model lines, so that 1M parts
 * read like a maker's parts list (many parts share a word such as "Śruba" or "Łożysko", none is the same).
 */

/** A deterministic generator (mulberry32): the same seed builds the same catalogue. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Card parts of every family and assembly of the demo catalogue (each a pl/en/de triple). */
export const PART_NAMES: readonly Names[] = [
  ...new Map(
    CATALOG_FAMILIES.flatMap((family) =>
      family.assemblies.flatMap((assembly) => assembly.cards.flatMap((card) => card.parts)),
    ).map((names) => [names[0], names]),
  ).values(),
];

/** Bought-in standard parts (bolts, nuts, bearings, belts): each one sits on many cards. */
export const STANDARD_NAMES: readonly { names: Names; standard: string; unit: string }[] = STANDARD_PARTS.map(
  (part) => ({ names: part.names, standard: part.standard, unit: part.unit }),
);

export const CARD_NAMES: readonly Names[] = CATALOG_FAMILIES.flatMap((family) =>
  family.assemblies.flatMap((assembly) => assembly.cards.map((card) => card.name)),
);

export const FAMILIES = CATALOG_FAMILIES.map((family) => ({
  name: family.name,
  models: family.models,
  assemblies: family.assemblies.map((assembly) => assembly.name),
}));

/** What tells two parts with the same base name apart (pl, en, de); empty = the base name alone. */
export const QUALIFIERS: readonly Names[] = [
  ['', '', ''],
  ['', '', ''],
  ['', '', ''],
  ['lewy', 'left', 'links'],
  ['prawy', 'right', 'rechts'],
  ['przedni', 'front', 'vorne'],
  ['tylny', 'rear', 'hinten'],
  ['górny', 'upper', 'oben'],
  ['dolny', 'lower', 'unten'],
  ['wzmocniony', 'reinforced', 'verstärkt'],
  ['ocynkowany', 'galvanised', 'verzinkt'],
  ['nierdzewny', 'stainless', 'rostfrei'],
  ['kompletny', 'assembly', 'komplett'],
  ['zespół', 'unit', 'Baugruppe'],
  ['zestaw naprawczy', 'repair kit', 'Reparatursatz'],
  ['wersja skrócona', 'short version', 'kurze Ausführung'],
  ['wersja przedłużona', 'long version', 'lange Ausführung'],
  ['z uszczelką', 'with seal', 'mit Dichtung'],
  ['z łożyskiem', 'with bearing', 'mit Lager'],
  ['z osłoną', 'with guard', 'mit Schutz'],
  ['żeliwny', 'cast iron', 'Grauguss'],
  ['spawany', 'welded', 'geschweißt'],
  ['hartowany', 'hardened', 'gehärtet'],
  ['poliuretanowy', 'polyurethane', 'Polyurethan'],
  ['gumowy', 'rubber', 'Gummi'],
  ['mosiężny', 'brass', 'Messing'],
  ['wymienny', 'replaceable', 'austauschbar'],
  ['do modernizacji', 'retrofit', 'Nachrüstsatz'],
  ['zamiennik', 'replacement', 'Ersatz'],
  ['ciężki', 'heavy duty', 'schwere Ausführung'],
];

/** Sizes and variants written after the name, as parts lists do. */
export function sizeSuffix(random: () => number): string {
  const r = random();
  if (r < 0.35) return '';
  if (r < 0.55) return `L=${(10 + Math.floor(random() * 240)) * 5} mm`;
  if (r < 0.7) return `z=${9 + Math.floor(random() * 40)}`;
  if (r < 0.8) return `${(2 + Math.floor(random() * 60)) * 5}x${(1 + Math.floor(random() * 30)) * 5}`;
  if (r < 0.9) return `Ø${(4 + Math.floor(random() * 60)) * 5}`;
  return `typ ${String.fromCharCode(65 + Math.floor(random() * 8))}${1 + Math.floor(random() * 9)}`;
}
