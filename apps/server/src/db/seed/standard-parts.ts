import type { Names } from './catalog-model.ts';
import type { Shape } from './drawings.ts';

/** A bought-in standard part (fasteners, bearings, belts, chains) that many cards use. */
export interface StandardPart {
  /** Symbol group: AM-<group>-<nnn>. */
  group: string;
  names: Names;
  standard: string;
  shape: Shape;
  unit: 'pcs' | 'm';
}

interface Family {
  group: string;
  standard: string;
  shape: Shape;
  unit?: 'pcs' | 'm';
  sizes: readonly string[];
  names: (size: string) => Names;
}

const comma = (size: string) => size.replace('.', ',');

const FAMILIES: readonly Family[] = [
  {
    group: '9010',
    standard: 'DIN 933',
    shape: 'bolt',
    sizes: ['M8x20', 'M8x25', 'M8x30', 'M10x25', 'M10x30', 'M10x40', 'M10x50', 'M12x30', 'M12x40', 'M12x50'],
    names: (s) => [
      `Śruba z łbem sześciokątnym ${s} 8.8`,
      `Hexagon head bolt ${s} 8.8`,
      `Sechskantschraube ${s} 8.8`,
    ],
  },
  {
    group: '9011',
    standard: 'DIN 931',
    shape: 'bolt',
    sizes: ['M12x60', 'M12x80', 'M16x50', 'M16x60', 'M16x80', 'M20x80'],
    names: (s) => [
      `Śruba z łbem sześciokątnym ${s} 10.9`,
      `Hexagon head bolt ${s} 10.9`,
      `Sechskantschraube ${s} 10.9`,
    ],
  },
  {
    group: '9020',
    standard: 'DIN 985',
    shape: 'nut',
    sizes: ['M8', 'M10', 'M12', 'M16', 'M20'],
    names: (s) => [`Nakrętka samozabezpieczająca ${s}`, `Self-locking nut ${s}`, `Sicherungsmutter ${s}`],
  },
  {
    group: '9021',
    standard: 'DIN 934',
    shape: 'nut',
    sizes: ['M8', 'M10', 'M12', 'M16'],
    names: (s) => [`Nakrętka sześciokątna ${s}`, `Hexagon nut ${s}`, `Sechskantmutter ${s}`],
  },
  {
    group: '9030',
    standard: 'DIN 125',
    shape: 'washer',
    sizes: ['8.4', '10.5', '13', '17', '21'],
    names: (s) => [`Podkładka płaska ${comma(s)}`, `Flat washer ${s}`, `Unterlegscheibe ${comma(s)}`],
  },
  {
    group: '9031',
    standard: 'DIN 127',
    shape: 'washer',
    sizes: ['8', '10', '12', '16'],
    names: (s) => [`Podkładka sprężysta ${s}`, `Spring washer ${s}`, `Federring ${s}`],
  },
  {
    group: '9040',
    standard: 'ISO 15',
    shape: 'bearing',
    sizes: ['6203-2RS', '6204-2RS', '6205-2RS', '6206-2RS', '6207-2RS', '6305-2RS', '6306-2RS'],
    names: (s) => [`Łożysko kulkowe ${s}`, `Deep groove ball bearing ${s}`, `Rillenkugellager ${s}`],
  },
  {
    group: '9041',
    standard: 'ISO 3228',
    shape: 'bearing',
    sizes: ['UCFL 205', 'UCFL 206', 'UCP 206', 'UCP 207'],
    names: (s) => [`Łożysko w oprawie ${s}`, `Bearing unit ${s}`, `Lagereinheit ${s}`],
  },
  {
    group: '9050',
    standard: 'DIN 3760',
    shape: 'seal',
    sizes: ['35x52x7', '40x62x7', '45x62x8', '50x72x8'],
    names: (s) => [`Pierścień uszczelniający ${s}`, `Shaft seal ${s}`, `Wellendichtring ${s}`],
  },
  {
    group: '9060',
    standard: 'ISO 4184',
    shape: 'belt',
    sizes: ['SPB 1800', 'SPB 2000', 'SPB 2360', 'SPB 2650', 'SPB 3150', 'SPA 1400', 'B 1650'],
    names: (s) => [`Pasek klinowy ${s}`, `V-belt ${s}`, `Keilriemen ${s}`],
  },
  {
    group: '9070',
    standard: 'ISO 606',
    shape: 'chain',
    unit: 'm',
    sizes: ['08B-1', '10A-1', '12A-1', '16B-1'],
    names: (s) => [`Łańcuch rolkowy ${s}`, `Roller chain ${s}`, `Rollenkette ${s}`],
  },
  {
    group: '9071',
    standard: 'ISO 606',
    shape: 'chain',
    sizes: ['08B-1', '10A-1', '12A-1', '16B-1'],
    names: (s) => [`Spinka łańcucha ${s}`, `Connecting link ${s}`, `Verbindungsglied ${s}`],
  },
  {
    group: '9080',
    standard: 'DIN 71412',
    shape: 'small',
    sizes: ['M6', 'M8x1', 'M10x1'],
    names: (s) => [`Smarowniczka prosta ${s}`, `Grease nipple, straight ${s}`, `Schmiernippel gerade ${s}`],
  },
  {
    group: '9081',
    standard: 'ISO 1234',
    shape: 'small',
    sizes: ['4x40', '5x50', '6.3x63'],
    names: (s) => [`Zawleczka ${comma(s)}`, `Split pin ${s}`, `Splint ${comma(s)}`],
  },
  {
    group: '9082',
    standard: 'DIN 471',
    shape: 'seal',
    sizes: ['25', '30', '35', '40'],
    names: (s) => [`Pierścień osadczy Z${s}`, `Circlip ${s} (shaft)`, `Sicherungsring ${s} (Welle)`],
  },
  {
    group: '9083',
    standard: 'DIN 6885',
    shape: 'small',
    sizes: ['8x7x40', '10x8x50'],
    names: (s) => [`Wpust pryzmatyczny ${s}`, `Parallel key ${s}`, `Passfeder ${s}`],
  },
  {
    group: '9084',
    standard: 'ISO 8752',
    shape: 'shaft',
    sizes: ['6x40', '8x50'],
    names: (s) => [`Kołek sprężysty ${s}`, `Spring pin ${s}`, `Spannstift ${s}`],
  },
];

export const STANDARD_PARTS: readonly StandardPart[] = FAMILIES.flatMap((family) =>
  family.sizes.map((size) => ({
    group: family.group,
    names: family.names(size),
    standard: family.standard,
    shape: family.shape,
    unit: family.unit ?? 'pcs',
  })),
);
