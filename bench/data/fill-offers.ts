import type { Scale } from '../support/config.ts';
import type { FillStep } from './fill-accounts-machines.ts';

/**
 * Offer requests and their status histories (issue 15's insight counts them by status and by quoting time).
 * Sent between 2019 and now like the service requests; quoted after 0.1–6 days (about two thirds within two
 * working days), in progress half way there, closed two weeks after the quote (10 % closed unquoted). What is
 * younger than its next step is still sent / in progress / quoted. No cart lines: nothing benchmarked reads them.
 */
export function offerSteps(scale: Scale): FillStep[] {
  const customers = `${scale.staff} + 1 + floor(random() * ${scale.customers})::bigint`;
  return [
    {
      label: 'offer requests and their history',
      sql: `
        CREATE TEMP TABLE bench_offer_plan AS
        SELECT g AS id, created, quote_after, unquoted,
               CASE WHEN now() - created < quote_after / 2 THEN 'sent'
                    WHEN now() - created < quote_after THEN 'in_progress'
                    WHEN unquoted THEN 'closed'
                    WHEN now() - created < quote_after + interval '14 days' THEN 'quoted'
                    ELSE 'closed' END AS status
          FROM (SELECT g, timestamptz '2019-01-01' + random() * (now() - timestamptz '2019-01-01') AS created,
                       (0.1 + 5.9 * random() ^ 2) * interval '1 day' AS quote_after,
                       random() < 0.1 AS unquoted
                  FROM generate_series(1, ${scale.offerRequests}) g) s;
        INSERT INTO offer_requests (id, number, customer_id, status, language, status_changed_at, created_at,
                                    updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT id, 'OR/' || extract(year FROM created AT TIME ZONE 'Europe/Warsaw')::int || '/' || lpad(id::text, 6, '0'),
               ${customers}, status, 'pl', created, created, created
          FROM bench_offer_plan;
        INSERT INTO offer_request_status_history (offer_request_id, from_status, to_status, changed_at)
        SELECT id, step.from_status, step.to_status, created + step.after
          FROM bench_offer_plan p,
               LATERAL (VALUES (NULL, 'sent', interval '0', true),
                               ('sent', 'in_progress', quote_after / 2, p.status <> 'sent'),
                               ('in_progress', 'quoted', quote_after, p.status = 'quoted' OR (p.status = 'closed' AND NOT unquoted)),
                               ('quoted', 'closed', quote_after + interval '14 days', p.status = 'closed' AND NOT unquoted),
                               ('in_progress', 'closed', quote_after, p.status = 'closed' AND unquoted))
                 AS step(from_status, to_status, after, reached)
         WHERE step.reached;
        UPDATE offer_requests o SET status_changed_at = h.at, updated_at = h.at
          FROM (SELECT offer_request_id, max(changed_at) AS at FROM offer_request_status_history GROUP BY 1) h
         WHERE h.offer_request_id = o.id;
        INSERT INTO document_counters (prefix, year, last_value)
        SELECT 'OR', split_part(number, '/', 2)::int, max(split_part(number, '/', 3)::int)
          FROM offer_requests GROUP BY 2;
        SELECT setval(pg_get_serial_sequence('public.offer_requests', 'id'), (SELECT max(id) FROM offer_requests));
        DROP TABLE bench_offer_plan`,
    },
    {
      // What chat.service.ts keeps from now on: the first message by staff (ids 1..staff are the staff).
      label: 'first staff replies',
      sql: `
        UPDATE service_requests r SET first_staff_reply_at = f.at
          FROM (SELECT service_request_id, min(created_at) AS at FROM chat_messages
                 WHERE author_id <= ${scale.staff} GROUP BY service_request_id) f
         WHERE f.service_request_id = r.id`,
    },
  ];
}
