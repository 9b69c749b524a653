import type { Scale } from '../support/config.ts';
import { DEALERS, FIRST_NAMES, LAST_NAMES, MACHINE_MODELS, oneOf, weighted } from './sql-random.ts';

export interface FillStep {
  label: string;
  sql: string;
  params?: unknown[];
}

/**
 * Accounts and machines. Ids 1..staff are service staff, the rest customers. Every customer owns 1–10 machines
 * (1 + floor(10·u^3.7), capped: mean ≈ 2.8, about 3 % own ten), assigned to machine ids in random order so a
 * customer's machines are spread over the table as after years of ERP imports; the machines nobody owns are
 * the serial numbers still free for registration.
 */
export function accountAndMachineSteps(scale: Scale, passwordHash: string): FillStep[] {
  const models = MACHINE_MODELS.map(([code]) => code);
  const names = MACHINE_MODELS.map(([, name]) => name);
  return [
    {
      label: 'users',
      params: [passwordHash],
      sql: `
        INSERT INTO users (id, email, password_hash, role, first_name, last_name, phone, language, status,
                           rules_accepted_at, email_confirmed_at, created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT g,
               CASE WHEN g <= ${scale.staff} THEN 'service' || g ELSE 'customer' || (g - ${scale.staff}) END
                 || '@bench.example',
               $1,
               CASE WHEN g <= ${scale.staff} THEN 'service' ELSE 'customer' END,
               ${oneOf('r1', FIRST_NAMES)}, ${oneOf('r2', LAST_NAMES)},
               '+48 ' || (500000000 + floor(r3 * 299999999))::bigint,
               ${weighted('r4', { pl: 80, de: 12, en: 8 })},
               'active', created, created, created, created
          FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4,
                       timestamptz '2019-01-01'
                         + random() * (now() - interval '30 days' - timestamptz '2019-01-01') AS created
                  FROM generate_series(1, ${scale.staff + scale.customers}) g) s`,
    },
    {
      label: 'machine ownership plan',
      sql: `
        CREATE TEMP TABLE bench_slots AS
        SELECT row_number() OVER (ORDER BY random()) AS machine_id, c.id AS customer_id, c.created_at
          FROM (SELECT id, created_at, least(10, 1 + floor(10 * random() ^ 3.7))::int AS n
                  FROM users WHERE role = 'customer') c,
               generate_series(1, c.n);
        DELETE FROM bench_slots WHERE machine_id > ${scale.machines};
        ANALYZE bench_slots`,
    },
    {
      label: 'machines',
      sql: `
        INSERT INTO machines (id, serial_number, name, purchase_date, guarantee_end_date, status, dealer,
                              owner_id, owned_since, external_id, imported_at, created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT m.g,
               ${oneOf('m.r1', models)} || '-' || lpad(m.g::text, 8, '0'),
               ${oneOf('m.r1', names)},
               m.purchase_date,
               CASE WHEN m.r2 < 0.03 THEN NULL
                    ELSE (m.purchase_date + CASE WHEN m.r2 < 0.7 THEN interval '24 months'
                                                 ELSE interval '36 months' END)::date - 1 END,
               ${weighted('m.r3', { R: 45, G: 15, W: 10, S: 8, D: 4, P: 3, H: 3, M: 3, B: 2, C: 2, E: 2, I: 2, X: 1 })},
               CASE WHEN m.r4 < 0.05 THEN NULL ELSE ${oneOf('m.r5', DEALERS)} END,
               s.customer_id,
               CASE WHEN s.customer_id IS NOT NULL THEN greatest(s.created_at, m.purchase_date::timestamptz) END,
               'ERP-' || m.g,
               timestamptz '2019-01-01', timestamptz '2019-01-01', timestamptz '2019-01-01'
          FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5,
                       date '2012-01-01' + floor(random() * (current_date - date '2012-01-01'))::int AS purchase_date
                  FROM generate_series(1, ${scale.machines}) g) m
          LEFT JOIN bench_slots s ON s.machine_id = m.g
         ORDER BY m.g`,
    },
  ];
}

/**
 * Gives each row of `source` (columns `key`, `weight` ≥ 0, and any others) an integer `n` proportional to its
 * weight, the n summing to exactly `total` (largest remainders), into the temp table `target`.
 */
export function allocate(source: string, target: string, total: number): string {
  return `
    CREATE TEMP TABLE ${target} AS
    SELECT s.*, floor(s.weight * ${total} / w.sum)::int AS n, s.weight * ${total} / w.sum AS exact
      FROM ${source} s, (SELECT sum(weight) AS sum FROM ${source}) w;
    UPDATE ${target} SET n = n + 1
     WHERE key IN (SELECT key FROM ${target} ORDER BY exact - n DESC
                   LIMIT ${total} - (SELECT sum(n) FROM ${target}));
    ANALYZE ${target}`;
}
