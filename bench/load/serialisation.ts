/**
 * What writing an answer costs (issue 16): the serialiser the server used before — zod encodes the answer
 * against its response schema (a full check) and JSON.stringify writes it — against the one it uses now,
 * fast-json-stringify compiled from the schema's JSON Schema (apps/server/src/plugins/endpoints.ts). Payloads
 * are the mix's largest answers at the sizes the mix sees them: a page of 20 machines, a card with 100 positions
 * and a chat page of 50 messages. Both serialisers must write the same JSON (checked first); then each writes
 * each payload in turn, interleaved in rounds, and the CPU time per answer is the process's user+system time.
 *
 *   node bench/load/serialisation.ts [--rounds=10] [--per-round=2000]
 */
import { deepStrictEqual } from 'node:assert';
import { parseArgs } from 'node:util';
import { CatalogCardSchema } from '@care/contract/catalog';
import { ChatCommentsPageSchema } from '@care/contract/chat';
import { MachinePageSchema } from '@care/contract/machines';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { serializerOf } from '../../apps/server/src/plugins/endpoints.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '10' }, 'per-round': { type: 'string', default: '2000' } },
});
const rounds = Number(values.rounds);
const perRound = Number(values['per-round']);

const text = (pl: string) => ({ default: 'pl' as const, values: { pl, en: `${pl} (en)`, de: `${pl} (de)` } });
const day = (i: number) =>
  `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;

const machines = {
  items: Array.from({ length: 20 }, (_, i) => ({
    id: String(1000 + i),
    name: `Kombajn zbożowy AM-${500 + i}`,
    serialNumber: `AM${String(123456 + i)}`,
    purchaseDate: day(i),
    guaranteeEndDate: day(i + 3),
    status: 'S',
    dealer: i % 3 === 0 ? null : 'Agro-Serwis Kowalski Sp. z o.o.',
    guaranteeDaysLeft: 120 - i * 9,
    guaranteeState: 'active',
  })),
  total: 134,
  page: 1,
  pageSize: 20,
};

const card = {
  id: '4711',
  folderId: '12',
  name: text('Zespół młocarni'),
  drawingUrl: 'api/catalog-cards/4711/drawing',
  drawingFileId: null,
  drawingWidth: 2400,
  drawingHeight: 1600,
  positions: Array.from({ length: 100 }, (_, i) => ({
    id: String(90_000 + i),
    positionNumber: String(i + 1),
    quantity: (i % 4) + 1,
    hotspots: [{ x: 100 + i * 20, y: 200 + (i % 10) * 100, r: 14 }],
    part: {
      id: String(500_000 + i),
      name: text(`Łożysko kulkowe ${6200 + i}`),
      symbol: `Z-${31_000 + i}`,
      standard: i % 2 ? 'PN-ISO 15' : null,
      quantity: null,
      unit: null,
      catalogNumber: `CAT-${77_000 + i}`,
      sapId: i % 5 ? `SAP${880_000 + i}` : null,
      configuration: i % 7 ? null : text('od nr fabr. 12000'),
      returnable: i % 3 === 0,
      images: i % 4 ? [] : [`parts/${500_000 + i}.webp`],
    },
  })),
};

const chat = {
  messages: Array.from({ length: 50 }, (_, i) => ({
    id: String(7_000_000 + i),
    serviceRequestId: '31337',
    author: {
      displayName: i % 2 ? 'Jan Kowalski' : 'Serwis AgroMech',
      isStaff: i % 2 === 0,
      isMe: i % 2 === 1,
    },
    body:
      i % 9 === 0
        ? null
        : 'Dzień dobry, kombajn nie zapala po zimie; akumulator naładowany, rozrusznik milczy.',
    file:
      i % 9 === 0
        ? {
            id: '0b7c6c1e-8a5d-4d7b-9e1f-2f3a4b5c6d7e',
            name: 'zdjęcie.jpg',
            contentType: 'image/jpeg',
            sizeBytes: 482_113,
          }
        : null,
    clientId: i % 2 ? '5b1f3c2a-1d4e-4f6a-8b9c-0d1e2f3a4b5c' : null,
    internal: false,
    createdAt: `2026-03-${String((i % 27) + 1).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
  })),
  hasMore: true,
};

interface Case {
  name: string;
  schema: z.ZodType;
  payload: unknown;
}
const cases: Case[] = [
  { name: 'machines page (20)', schema: MachinePageSchema, payload: machines },
  { name: 'catalogue card (100 positions)', schema: CatalogCardSchema, payload: card },
  { name: 'chat page (50 messages)', schema: ChatCommentsPageSchema, payload: chat },
];

const compile = {
  'zod encode + JSON.stringify (before)': (schema: z.ZodType) =>
    serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' }) as (data: unknown) => string,
  'fast-json-stringify (now)': (schema: z.ZodType) => serializerOf({ schema }),
};

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

console.log(`Node ${process.version}; ${rounds} rounds × ${perRound} answers per payload and serialiser.\n`);
const rows: string[] = [];
for (const { name, schema, payload } of cases) {
  const writers = Object.entries(compile).map(([label, make]) => ({ label, write: make(schema), micros: 0 }));
  // Both write the same answer: the same JSON value (key order may differ).
  const [before, now] = writers.map((w) => JSON.parse(w.write(payload)) as unknown);
  deepStrictEqual(now, before, `${name}: the serialisers disagree`);
  const bytes = writers[1]!.write(payload).length;
  for (let round = 0; round < rounds + 1; round++) {
    for (const writer of writers) {
      const start = cpuMicros();
      for (let i = 0; i < perRound; i++) writer.write(payload);
      // Round 0 warms the code up (JIT) and is not counted.
      if (round > 0) writer.micros += cpuMicros() - start;
    }
  }
  const per = writers.map((w) => w.micros / (rounds * perRound));
  rows.push(
    `| ${name} | ${Math.round(bytes / 1024)} KiB | ${per[0]!.toFixed(1)} µs | ${per[1]!.toFixed(1)} µs | ${(per[0]! / per[1]!).toFixed(1)}× |`,
  );
}
console.log('| answer | size | zod + JSON.stringify | fast-json-stringify | faster |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
