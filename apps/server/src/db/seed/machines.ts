import type { MachineStatus } from '@care/contract/statuses';
import type { Db } from '../client.ts';
import { machines } from '../schema/machines.ts';
import type { AccountIds } from './accounts.ts';
import { dayOffset, daysBefore } from './dates.ts';
import type { Random } from './random.ts';

import { FREE_SERIAL_NUMBERS, JOURNEY_SERIAL_NUMBERS } from './free-serials.ts';

const READY_TO_REGISTER = [...FREE_SERIAL_NUMBERS, ...JOURNEY_SERIAL_NUMBERS];

const DEALERS = [
  'Agro-Serwis Kowalczyk, Środa Wielkopolska',
  'Rolmech Gniezno Sp. z o.o.',
  'AgroTechnika Lubelska, Lublin',
  'Mazurskie Centrum Rolnicze, Olsztyn',
  'Landtechnik Bauer GmbH, Cottbus',
] as const;

const MODELS = [
  'AgroMech Żniwiarz 4200',
  'AgroMech Żniwiarz 5200',
  'AgroMech Żniwiarz 6500 Max',
  'AgroMech Oracz 90',
  'AgroMech Oracz 110',
  'AgroMech Oracz 140 Power',
  'AgroMech Zwijak 1250',
  'AgroMech Zwijak 1550 Net',
  'AgroMech Kostkarz 1400',
  'AgroMech Siewca 3000',
  'AgroMech Siewca 4000 Precyzja',
  'AgroMech Mgiełka 2500',
  'AgroMech Mgiełka 3200 Trail',
  'AgroMech Kosa 280',
  'AgroMech Kosa 320',
  'AgroMech Kosa 950 Tandem',
] as const;

interface OwnedMachine {
  key: string;
  owner: 'jan' | 'anna';
  serialNumber: string;
  name: string;
  status: MachineStatus;
  /** Days from today; null: not set in the ERP yet. */
  purchasedDaysAgo: number | null;
  guaranteeEndsInDays: number | null;
  dealer: string;
}

/** Jan's machines cover the guarantee states: ending within 30 days, ended, long, not started. */
const OWNED: readonly OwnedMachine[] = [
  {
    key: 'combine',
    owner: 'jan',
    serialNumber: 'AM-2024-001234',
    name: 'AgroMech Żniwiarz 5200',
    status: 'I',
    purchasedDaysAgo: 710,
    guaranteeEndsInDays: 20,
    dealer: DEALERS[0],
  },
  {
    key: 'baler',
    owner: 'jan',
    serialNumber: 'AM-2021-000587',
    name: 'AgroMech Kostkarz 1400',
    status: 'G',
    purchasedDaysAgo: 1560,
    guaranteeEndsInDays: -830,
    dealer: DEALERS[0],
  },
  {
    key: 'drill',
    owner: 'jan',
    serialNumber: 'AM-2025-003310',
    name: 'AgroMech Siewca 4000 Precyzja',
    status: 'I',
    purchasedDaysAgo: 150,
    guaranteeEndsInDays: 945,
    dealer: DEALERS[1],
  },
  {
    key: 'sprayer',
    owner: 'jan',
    serialNumber: 'AM-2025-003902',
    name: 'AgroMech Mgiełka 3200 Trail',
    status: 'P',
    purchasedDaysAgo: null,
    guaranteeEndsInDays: null,
    dealer: DEALERS[1],
  },
  {
    key: 'mower',
    owner: 'anna',
    serialNumber: 'AM-2024-002415',
    name: 'AgroMech Kosa 320',
    status: 'I',
    purchasedDaysAgo: 420,
    guaranteeEndsInDays: 310,
    dealer: DEALERS[4],
  },
  {
    key: 'roundBaler',
    owner: 'anna',
    serialNumber: 'AM-2023-001876',
    name: 'AgroMech Zwijak 1250',
    status: 'G',
    purchasedDaysAgo: 900,
    guaranteeEndsInDays: -170,
    dealer: DEALERS[4],
  },
];

export type OwnedMachineIds = Record<string, number>;

/** Owned machines for the two demo customers plus `unownedCount` machines nobody registered yet. */
export async function insertMachines(
  db: Db,
  accounts: AccountIds,
  random: Random,
  now: Date,
  unownedCount = 50,
): Promise<OwnedMachineIds> {
  const importedAt = daysBefore(now, 30);
  const owned = OWNED.map((machine) => ({
    serialNumber: machine.serialNumber,
    name: machine.name,
    status: machine.status,
    purchaseDate: machine.purchasedDaysAgo === null ? null : dayOffset(now, -machine.purchasedDaysAgo),
    guaranteeEndDate:
      machine.guaranteeEndsInDays === null ? null : dayOffset(now, machine.guaranteeEndsInDays),
    dealer: machine.dealer,
    ownerId: accounts[machine.owner],
    ownedSince:
      machine.purchasedDaysAgo === null ? daysBefore(now, 20) : daysBefore(now, machine.purchasedDaysAgo - 5),
    externalId: `ERP-${machine.serialNumber}`,
    importedAt,
  }));

  const taken = new Set<string>([...owned.map((machine) => machine.serialNumber), ...READY_TO_REGISTER]);
  const serials: string[] = [...READY_TO_REGISTER];
  while (serials.length < unownedCount) {
    const serial = `AM-${random.int(2022, 2025)}-${String(random.int(100, 9999)).padStart(6, '0')}`;
    if (!taken.has(serial)) {
      taken.add(serial);
      serials.push(serial);
    }
  }
  const unowned = serials.map((serialNumber, index) => {
    // The declared free serials are sold machines (status I) with a fresh guarantee, ready to register.
    const inWarehouse = index >= READY_TO_REGISTER.length && random.next() < 0.3;
    const purchasedDaysAgo = random.int(10, 600);
    return {
      serialNumber,
      name: random.pick(MODELS),
      status: (inWarehouse ? random.pick(['W', 'B', 'M'] as const) : 'I') as MachineStatus,
      purchaseDate: inWarehouse ? null : dayOffset(now, -purchasedDaysAgo),
      guaranteeEndDate: inWarehouse ? null : dayOffset(now, 730 - purchasedDaysAgo),
      dealer: random.pick(DEALERS),
      externalId: `ERP-${serialNumber}`,
      importedAt,
    };
  });

  const rows = await db
    .insert(machines)
    .values([...owned, ...unowned])
    .returning({ id: machines.id, serialNumber: machines.serialNumber });
  return Object.fromEntries(
    OWNED.map((machine) => [machine.key, rows.find((row) => row.serialNumber === machine.serialNumber)!.id]),
  );
}
