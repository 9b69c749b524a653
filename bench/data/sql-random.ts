/**
 * SQL fragments for the generator's distributions. Every value inlined here is one of our own constants,
 * never input, so plain string building is safe.
 */

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `CASE` over `r` (a column uniform in [0, 1)) choosing a code with the given relative weights. */
export function weighted(r: string, weights: Record<string, number>): string {
  const entries = Object.entries(weights);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let cumulative = 0;
  const whens = entries.slice(0, -1).map(([code, weight]) => {
    cumulative += weight / total;
    return `WHEN ${r} < ${cumulative.toFixed(6)} THEN ${literal(code)}`;
  });
  return `(CASE ${whens.join(' ')} ELSE ${literal(entries.at(-1)![0])} END)`;
}

/** One of `values`, uniformly, by `r` in [0, 1). */
export function oneOf(r: string, values: readonly string[]): string {
  return `(ARRAY[${values.map(literal).join(', ')}])[1 + floor(${r} * ${values.length})::int]`;
}

/** A deterministic number in [0, 100) from an integer expression: the same row decides the same way twice. */
export function percentile(expression: string): string {
  return `(abs(hashint8((${expression})::bigint)) % 100)`;
}

/** A version-4-shaped uuid derived from a text expression, so two statements can compute the same file id. */
export function uuidFrom(expression: string): string {
  return `overlay(overlay(md5(${expression}) placing '4' from 13) placing 'a' from 17)::uuid`;
}

/** Roughly Polish filler for message bodies and descriptions; substrings of it read as text of any length. */
export const FILLER = literal(
  [
    'Dzień dobry, maszyna po rozruchu pracuje nierówno i słychać stuki z przekładni.',
    'Proszę o informację, kiedy serwisant może przyjechać, najlepiej przed żniwami.',
    'Przesyłam zdjęcia uszkodzonego łożyska oraz tabliczki znamionowej.',
    'Wymieniliśmy filtr hydrauliczny, ale ciśnienie nadal spada po godzinie pracy.',
    'Części zostały zamówione, przewidywany termin dostawy to przyszły tydzień.',
    'Czy naprawa będzie w ramach gwarancji? Maszyna ma niecałe dwa lata.',
    'Serwis potwierdza przyjęcie zgłoszenia i prosi o numer faktury zakupu.',
    'Po wymianie paska klinowego problem ustąpił, dziękuję za szybką pomoc.',
    'Kontrolka błędu E42 zapala się przy podnoszeniu podnośnika.',
    'Maszyna gotowa do odbioru w punkcie serwisowym od poniedziałku.',
  ].join(' '),
);

/** A piece of FILLER starting and ending somewhere decided by two expressions. */
export function fillerText(start: string, length: string): string {
  return `substr(${FILLER}, 1 + ((${start})::bigint % 520)::int, ${length})`;
}

export const FIRST_NAMES = [
  'Jan',
  'Anna',
  'Piotr',
  'Katarzyna',
  'Tomasz',
  'Magdalena',
  'Krzysztof',
  'Agnieszka',
  'Marek',
  'Ewa',
  'Paweł',
  'Barbara',
  'Andrzej',
  'Joanna',
  'Michał',
  'Zofia',
  'Stefan',
  'Helga',
  'Jürgen',
  'Maria',
];
export const LAST_NAMES = [
  'Kowalski',
  'Nowak',
  'Wiśniewski',
  'Wójcik',
  'Kowalczyk',
  'Kamiński',
  'Lewandowski',
  'Zieliński',
  'Szymański',
  'Woźniak',
  'Dąbrowski',
  'Kozłowski',
  'Jankowski',
  'Mazur',
  'Krawczyk',
  'Müller',
  'Schmidt',
];
export const MACHINE_MODELS: readonly [code: string, name: string][] = [
  ['KZ', 'Kombajn zbożowy AgroMech K-540'],
  ['KZ', 'Kombajn zbożowy AgroMech K-720 Hybrid'],
  ['PR', 'Prasa zwijająca AgroMech Z-125'],
  ['PR', 'Prasa kostkująca AgroMech B-40'],
  ['SI', 'Siewnik AgroMech S-300 Pneumatic'],
  ['SI', 'Siewnik punktowy AgroMech P-8'],
  ['OP', 'Opryskiwacz polowy AgroMech O-24'],
  ['OP', 'Opryskiwacz sadowniczy AgroMech O-1000'],
  ['BR', 'Brona talerzowa AgroMech T-400'],
  ['KS', 'Kosiarka dyskowa AgroMech D-320'],
  ['KS', 'Kosiarka rotacyjna AgroMech R-270'],
  ['PL', 'Pług obracalny AgroMech P-5'],
];
export const DEALERS = [
  'Agro-Serwis Mosina',
  'Rol-Mech Kutno',
  'Agrotech Lublin',
  'Farmer Centrum Olsztyn',
  'Agro-Kom Rzeszów',
  'Mechanizacja Rolnictwa Opole',
  'Agrimat Białystok',
  'Landtechnik Brandenburg',
  'AgroPartner Toruń',
  'Traktor-Serwis Kielce',
  'Rolmax Piła',
  'AgroNord Gdańsk',
];
