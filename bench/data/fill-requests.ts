import type { Scale } from '../support/config.ts';
import { allocate, type FillStep } from './fill-accounts-machines.ts';
import { fillerText, percentile, uuidFrom, weighted } from './sql-random.ts';

/** Status by age: old requests are mostly finished, the last month's spread over the whole workflow. */
const STATUS_BY_AGE = `CASE
  WHEN age_days > 90 THEN ${weighted('r1', { F: 82, X: 10, U: 8 })}
  WHEN age_days > 30 THEN ${weighted('r1', { F: 35, O: 15, A: 10, P: 10, R: 10, X: 10, C: 5, U: 5 })}
  ELSE ${weighted('r1', { N: 30, C: 25, R: 20, P: 10, O: 8, A: 4, F: 2, X: 1 })} END`;

/** The statuses a request went through to reach its own (docs/design.md transitions), for its history. */
const PATH = `CASE status
  WHEN 'N' THEN '{N}'::text[] WHEN 'C' THEN '{N,C}'::text[] WHEN 'R' THEN '{N,C,R}'::text[] WHEN 'P' THEN '{N,C,R,P}'::text[]
  WHEN 'O' THEN CASE WHEN r2 < 0.5 THEN '{N,C,R,O}'::text[] ELSE '{N,C,R,P,O}'::text[] END
  WHEN 'A' THEN '{N,C,R,O,A}'::text[]
  WHEN 'F' THEN CASE WHEN r2 < 0.5 THEN '{N,C,R,O,A,F}'::text[] ELSE '{N,C,R,P,O,A,F}'::text[] END
  WHEN 'X' THEN CASE WHEN r2 < 0.6 THEN '{N,X}'::text[] ELSE '{N,C,X}'::text[] END
  ELSE '{N,C,U}'::text[] END`;

/** 0–4 files per request (30 % none, 35 % one, 20 % two, 10 % three, 5 % four; the fourth an appendix). */
const ATTACHMENTS = `CASE WHEN ${percentile('p.id')} < 30 THEN 0 WHEN ${percentile('p.id')} < 65 THEN 1
  WHEN ${percentile('p.id')} < 85 THEN 2 WHEN ${percentile('p.id')} < 95 THEN 3 ELSE 4 END`;

/**
 * Service requests, their status history and attachments. A machine's share of the requests is a Pareto
 * weight (α = 2.5, capped) times how long it has been owned: most machines have 0–3, a few over a hundred.
 * A request's share of the chat messages is another (α = 1.6, capped): most requests a few, some hundreds,
 * the longest about 1 800. Both are scaled to exactly the target totals. Ids grow with the report date, as
 * the server hands them out.
 */
export function requestSteps(scale: Scale): FillStep[] {
  return [
    {
      label: 'request plan',
      sql: `
        CREATE TEMP TABLE bench_machine_weights AS
        SELECT id AS key, owner_id, owned_since,
               least(40, (1 - random()) ^ (-1 / 2.5) - 1)
                 * greatest(extract(epoch FROM now() - owned_since) / 86400, 30) AS weight
          FROM machines WHERE owner_id IS NOT NULL;
        ${allocate('bench_machine_weights', 'bench_machine_counts', scale.serviceRequests)};
        CREATE TEMP TABLE bench_request_weights AS
        SELECT row_number() OVER (ORDER BY report_date) AS key, machine_id, customer_id, report_date,
               least(300, (1 - random()) ^ (-1 / 1.6) - 1) AS weight
          FROM (SELECT key AS machine_id, owner_id AS customer_id,
                       owned_since + random() * (now() - owned_since) AS report_date
                  FROM bench_machine_counts, generate_series(1, n)) r;
        ${allocate('bench_request_weights', 'bench_request_counts', scale.chatMessages)};
        CREATE TEMP TABLE bench_plan AS
        SELECT key AS id, machine_id, customer_id, report_date, n AS messages, status, span, ${PATH} AS path,
               CASE WHEN status <> 'N' THEN 1 + key % ${scale.staff} END AS assigned_to,
               CASE WHEN status = 'N' THEN report_date ELSE report_date + span END AS status_changed_at,
               CASE WHEN n > 0 THEN report_date + span END AS last_message_at
          FROM (SELECT c.*, ${STATUS_BY_AGE} AS status, random() AS r2,
                       least(now() - report_date, interval '45 days') * (0.2 + 0.8 * random()) AS span
                  FROM (SELECT *, random() AS r1, extract(epoch FROM now() - report_date) / 86400 AS age_days
                          FROM bench_request_counts) c) s;
        ANALYZE bench_plan`,
    },
    {
      label: 'service_requests',
      sql: `
        INSERT INTO service_requests (id, code, customer_id, machine_id, status, report_date,
            estimated_completion_date, completion_date, transport_type, delivery_place, problem_description,
            comments, service_opinion, additional_parts, assigned_to, status_changed_at, last_message_at,
            created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT id,
               'SR/' || year || '/' || lpad(row_number() OVER (PARTITION BY year ORDER BY id)::text, 6, '0'),
               customer_id, machine_id, status, report_date,
               CASE WHEN status IN ('R', 'P', 'O', 'A', 'F')
                    THEN (report_date + (7 + floor(r1 * 23)) * interval '1 day')::date END,
               CASE WHEN status = 'F' THEN status_changed_at::date END,
               CASE WHEN r2 < 0.1 THEN NULL ELSE ${weighted('r2', { OWN: 40, COURIER: 25, ON_SITE: 25, DEALER: 10 })} END,
               CASE WHEN r3 < 0.1 THEN NULL
                    ELSE ${weighted('r3', { SERVICE_MOSINA: 45, DEALER: 35, FARM: 20 })} END,
               ${fillerText('id * 7', '60 + floor(r4 * 300)::int')},
               CASE WHEN r4 < 0.4 THEN ${fillerText('id * 13', '20 + floor(r1 * 200)::int')} END,
               CASE WHEN status IN ('O', 'A', 'F') THEN ${fillerText('id * 17', '40 + floor(r2 * 200)::int')} END,
               CASE WHEN status = 'F' AND r3 < 0.3 THEN 'Łożysko 6205-2RS, pasek klinowy SPB 2360' END,
               assigned_to, status_changed_at, last_message_at, report_date, status_changed_at
          FROM (SELECT *, extract(year FROM report_date AT TIME ZONE 'Europe/Warsaw')::int AS year,
                       random() AS r1, random() AS r2, random() AS r3, random() AS r4
                  FROM bench_plan) p
         ORDER BY id`,
    },
    {
      label: 'service_request_status_history',
      sql: `
        INSERT INTO service_request_status_history (service_request_id, from_status, to_status, changed_by,
                                                    changed_at)
        SELECT p.id, p.path[(t.i - 1)::int], t.status, CASE WHEN t.i = 1 THEN p.customer_id ELSE p.assigned_to END,
               p.report_date + (p.status_changed_at - p.report_date)
                 * ((t.i - 1)::float8 / greatest(cardinality(p.path) - 1, 1)) AS changed_at
          FROM bench_plan p, unnest(p.path) WITH ORDINALITY AS t(status, i)
         ORDER BY changed_at`,
    },
    {
      label: 'files of attachments',
      sql: `
        INSERT INTO files (id, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by,
                           created_at)
        SELECT ${uuidFrom("'a' || p.id || '-' || k")}, 'bench/a/' || p.id || '/' || k,
               CASE WHEN k % 3 = 0 THEN 'faktura-' || p.id || '.pdf'
                    ELSE 'IMG_' || to_char(p.report_date, 'YYYYMMDD_HH24MISS') || '_' || k || '.jpg' END,
               CASE WHEN k % 3 = 0 THEN 'application/pdf' ELSE 'image/jpeg' END,
               150000 + abs(hashint8(p.id * 8 + k)) % 4000000,
               md5('x' || p.id || '-' || k) || md5('y' || p.id || '-' || k),
               CASE WHEN k = 4 THEN coalesce(p.assigned_to, p.customer_id) ELSE p.customer_id END,
               CASE WHEN k = 4 THEN p.status_changed_at ELSE p.report_date END
          FROM bench_plan p, generate_series(1, ${ATTACHMENTS}) k`,
    },
    {
      label: 'service_request_attachments',
      sql: `
        INSERT INTO service_request_attachments (service_request_id, file_id, added_by, added_at, is_initial)
        SELECT p.id, ${uuidFrom("'a' || p.id || '-' || k")},
               CASE WHEN k = 4 THEN coalesce(p.assigned_to, p.customer_id) ELSE p.customer_id END,
               CASE WHEN k = 4 THEN p.status_changed_at ELSE p.report_date END,
               k < 4
          FROM bench_plan p, generate_series(1, ${ATTACHMENTS}) k`,
    },
  ];
}
