-- A closed request (F, X, U) waits for no one: closing it ends its wait (status-change.service.ts), and a request
-- closed while its customer's last message was unanswered no longer counts in the team's "waiting for us". Only a
-- customer's message after the closing starts a wait again. Before this, the fill of migration 0025 marked every
-- request whose last message was the customer's: at DESIGN.md's scale 456,337 closed requests of 479,223.
UPDATE "service_requests" SET "waiting_since" = NULL
 WHERE "status" IN ('F', 'X', 'U') AND "waiting_since" <= "status_changed_at";--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_requests_waiting_rebuild() RETURNS void LANGUAGE sql AS $$
UPDATE "service_requests" r SET "waiting_since" = w.since
  FROM (
    SELECT m."service_request_id" AS id, min(m."created_at") AS since
      FROM "chat_messages" m
      JOIN "service_requests" q ON q."id" = m."service_request_id"
      LEFT JOIN (
        -- Each request's last answer from staff, in one grouped pass.
        SELECT s."service_request_id", max(s."id") AS last_reply
          FROM "chat_messages" s
          JOIN "service_requests" o ON o."id" = s."service_request_id"
         WHERE s."author_id" <> o."customer_id" AND NOT s."internal"
         GROUP BY s."service_request_id"
      ) a ON a."service_request_id" = q."id"
     WHERE m."author_id" = q."customer_id" AND m."id" > coalesce(a."last_reply", 0)
       -- A closed request's wait starts only with a message after its closing.
       AND (q."status" NOT IN ('F', 'X', 'U') OR m."created_at" > q."status_changed_at")
     GROUP BY m."service_request_id"
  ) w
 WHERE r."id" = w.id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_requests_waiting_recount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_requests" r SET "waiting_since" = (
    SELECT min(m."created_at") FROM "chat_messages" m
     WHERE m."service_request_id" = r."id" AND m."author_id" = r."customer_id"
       AND m."id" > coalesce((
         SELECT max(s."id") FROM "chat_messages" s
          WHERE s."service_request_id" = r."id" AND s."author_id" <> r."customer_id" AND NOT s."internal"), 0)
       AND (r."status" NOT IN ('F', 'X', 'U') OR m."created_at" > r."status_changed_at"))
   WHERE r."id" = NEW."id";
  RETURN NULL;
END
$$;
