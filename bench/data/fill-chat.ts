import type { Scale } from '../support/config.ts';
import type { FillStep } from './fill-accounts-machines.ts';
import { fillerText, percentile, uuidFrom } from './sql-random.ts';

/** About 8 % of messages are the system's status notices (no author); 3 % of the others are a file. */
const isSystem = (r: string, k: string) => `(${percentile(`${r} * 4099 + ${k}`)} < 8)`;
const isFile = (r: string, k: string) =>
  `(NOT ${isSystem(r, k)} AND ${percentile(`${r} * 8191 + ${k} + 3`)} < 3)`;

/**
 * Chat messages, their files and read markers. A request's messages spread over up to 45 days after its
 * report (its last one at last_message_at); all messages are inserted in time order, so one request's
 * messages lie scattered over the table as they would after years of use, and ids grow with time.
 * Customers have a read marker on 60 % of their discussed requests (all read when the request is closed or
 * half the time, else part of it), the assigned employee on 30 %.
 *
 * The unread counters (chat_unread_counts, service_requests.chat_message_count and last_customer_message_id,
 * migration 0019) are kept by row triggers on chat_messages and chat_read_markers; a row at a time would take
 * hours for 10M messages, so the two loading statements run without them (session_replication_role = replica,
 * for that statement's transaction only: the foreign keys are off during the load anyway) and the counters are
 * counted afterwards, set-based, by the same function the migration uses. The requests those counts rewrote are
 * put back in id order (CLUSTER), as they were inserted, so the measured table is no larger and no more
 * scattered than before the counters. The team's "waiting for us" (service_requests.waiting_since, migration
 * 0025) is counted the same way.
 */
export function chatSteps(scale: Scale): FillStep[] {
  return [
    {
      label: 'files of chat messages',
      sql: `
        INSERT INTO files (id, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by,
                           created_at)
        SELECT ${uuidFrom("'c' || p.id || '-' || k")}, 'bench/c/' || p.id || '/' || k, 'zdjecie-' || k || '.jpg',
               'image/jpeg', 150000 + abs(hashint8(p.id * 4096 + k)) % 4000000,
               md5('u' || p.id || '-' || k) || md5('v' || p.id || '-' || k), p.customer_id, p.report_date
          FROM bench_plan p, generate_series(1, p.messages) k
         WHERE ${isFile('p.id', 'k')}`,
    },
    {
      label: 'chat_messages',
      sql: `
        SET LOCAL session_replication_role = replica;
        INSERT INTO chat_messages (service_request_id, author_id, body, file_id, client_id, created_at)
        SELECT r,
               CASE WHEN is_system THEN NULL WHEN ra < 0.55 THEN customer_id
                    ELSE coalesce(assigned_to, 1 + r % ${scale.staff}) END,
               CASE WHEN is_system THEN 'Status zgłoszenia został zmieniony.'
                    WHEN is_file THEN NULL
                    ELSE ${fillerText('r * 31 + k * 17', '12 + floor(rb * 160)::int')} END,
               CASE WHEN is_file THEN ${uuidFrom("'c' || r || '-' || k")} END,
               CASE WHEN NOT is_system THEN gen_random_uuid() END,
               created_at
          FROM (SELECT p.id AS r, k, p.customer_id, p.assigned_to, random() AS ra, random() AS rb,
                       ${isSystem('p.id', 'k')} AS is_system, ${isFile('p.id', 'k')} AS is_file,
                       p.report_date
                         + p.span * ((k - CASE WHEN k = p.messages THEN 0 ELSE 0.5 * random() END) / p.messages)
                         AS created_at
                  FROM bench_plan p, generate_series(1, p.messages) k
                 ORDER BY created_at) m`,
    },
    {
      label: 'chat_read_markers',
      sql: `
        SET LOCAL session_replication_role = replica;
        CREATE TEMP TABLE bench_markers AS
        SELECT customer_id AS user_id, id AS service_request_id,
               CASE WHEN status IN ('F', 'X', 'U') OR r < 0.5 THEN last_message_at
                    ELSE report_date + span * r END AS read_until
          FROM (SELECT *, random() AS r FROM bench_plan WHERE messages > 0) p
         WHERE ${percentile('id * 3 + 1')} < 60
        UNION ALL
        SELECT assigned_to, id, last_message_at
          FROM bench_plan
         WHERE messages > 0 AND assigned_to IS NOT NULL AND ${percentile('id * 5 + 2')} < 30;
        ANALYZE bench_markers;
        INSERT INTO chat_read_markers (user_id, service_request_id, last_read_message_id, updated_at)
        SELECT k.user_id, m.service_request_id, max(m.id), max(m.created_at)
          FROM chat_messages m
          JOIN bench_markers k ON k.service_request_id = m.service_request_id AND m.created_at <= k.read_until
         GROUP BY k.user_id, m.service_request_id`,
    },
    { label: 'chat unread counters', sql: `SELECT chat_unread_counts_rebuild()` },
    {
      // The team's "waiting for us" (migration 0025), counted as the migration does; no event for each request.
      label: 'requests waiting for the service',
      sql: `SET LOCAL session_replication_role = replica;
            SELECT service_requests_waiting_rebuild()`,
    },
    {
      label: 'service_requests in id order again',
      sql: `CLUSTER service_requests USING service_requests_pkey;
            ALTER TABLE service_requests SET WITHOUT CLUSTER`,
    },
  ];
}

/** Form choices, the SR number counters and the identity sequences, so the server can go on from here. */
export function finishingSteps(): FillStep[] {
  const label = (pl: string, en: string, de: string) =>
    JSON.stringify({ default: 'pl', values: { pl, en, de } }).replaceAll("'", "''");
  const elements: [kind: string, code: string, label: string][] = [
    ['transport_type', 'OWN', label('Transport własny', 'Own transport', 'Eigener Transport')],
    ['transport_type', 'COURIER', label('Odbiór kurierem', 'Courier pickup', 'Abholung durch Kurier')],
    ['transport_type', 'ON_SITE', label('Wizyta serwisu', 'Service visit', 'Servicebesuch')],
    ['transport_type', 'DEALER', label('Transport przez dealera', 'By the dealer', 'Durch den Händler')],
    ['delivery_place', 'SERVICE_MOSINA', label('Serwis, Mosina', 'Service, Mosina', 'Service, Mosina')],
    ['delivery_place', 'DEALER', label('Autoryzowany dealer', 'Authorised dealer', 'Vertragshändler')],
    ['delivery_place', 'FARM', label('Gospodarstwo klienta', "Customer's farm", 'Hof des Kunden')],
  ];
  return [
    {
      label: 'elements, counters, sequences',
      sql: `
        INSERT INTO service_request_elements (kind, code, label, sort_order)
        VALUES ${elements.map(([kind, code, text], i) => `('${kind}', '${code}', '${text}'::jsonb, ${i})`).join(', ')};
        INSERT INTO document_counters (prefix, year, last_value)
        SELECT 'SR', split_part(code, '/', 2)::int, max(split_part(code, '/', 3)::int)
          FROM service_requests GROUP BY 2;
        SELECT setval(pg_get_serial_sequence('public.users', 'id'), (SELECT max(id) FROM users));
        SELECT setval(pg_get_serial_sequence('public.machines', 'id'), (SELECT max(id) FROM machines));
        SELECT setval(pg_get_serial_sequence('public.service_requests', 'id'),
                      (SELECT max(id) FROM service_requests))`,
    },
  ];
}
