-- "Waiting for us" (docs/decisions/062): service_requests.waiting_since is kept in the writing transaction by
-- these triggers, whoever writes (the chat, the appendices upload, the seed, a system notice by SQL).
-- A message by the request's customer starts the wait (unless it already runs: the wait counts from the first
-- unanswered message); a message by anyone else with an account (service staff, admins) ends it; a system
-- notice (no author) changes nothing. Each UPDATE only touches the row when the state changes.
CREATE FUNCTION chat_messages_waiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."author_id" IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE "service_requests" r SET "waiting_since" = NEW."created_at"
   WHERE r."id" = NEW."service_request_id" AND r."customer_id" = NEW."author_id" AND r."waiting_since" IS NULL;
  -- A staff reply answers; an internal note (migration 0022) answers no one.
  UPDATE "service_requests" r SET "waiting_since" = NULL
   WHERE r."id" = NEW."service_request_id" AND r."customer_id" <> NEW."author_id" AND r."waiting_since" IS NOT NULL
     AND NOT NEW."internal";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER chat_messages_waiting AFTER INSERT ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION chat_messages_waiting();--> statement-breakpoint
-- A file the customer adds to their request later (not one sent with the request: a new request is the queue's
-- status N) starts the wait too.
CREATE FUNCTION service_request_attachments_waiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_requests" r SET "waiting_since" = NEW."added_at"
   WHERE r."id" = NEW."service_request_id" AND r."customer_id" = NEW."added_by" AND r."waiting_since" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_request_attachments_waiting AFTER INSERT ON "service_request_attachments"
  FOR EACH ROW WHEN (NOT NEW."is_initial" AND NEW."added_by" IS NOT NULL)
  EXECUTE FUNCTION service_request_attachments_waiting();--> statement-breakpoint
-- A request given to another customer (an admin's correction) waits as that customer's messages say: from their
-- first message after the last one by anyone else with an account.
CREATE FUNCTION service_requests_waiting_recount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_requests" r SET "waiting_since" = (
    SELECT min(m."created_at") FROM "chat_messages" m
     WHERE m."service_request_id" = r."id" AND m."author_id" = r."customer_id"
       AND m."id" > coalesce((
         SELECT max(s."id") FROM "chat_messages" s
          WHERE s."service_request_id" = r."id" AND s."author_id" <> r."customer_id" AND NOT s."internal"), 0))
   WHERE r."id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_requests_waiting_recount AFTER UPDATE OF "customer_id" ON "service_requests"
  FOR EACH ROW WHEN (OLD."customer_id" IS DISTINCT FROM NEW."customer_id")
  EXECUTE FUNCTION service_requests_waiting_recount();--> statement-breakpoint
-- The requests waiting now: the customer's first message after the last message by anyone else with an account.
-- A function, so that a bulk load with the triggers off (the bench's generator) counts the same way.
CREATE FUNCTION service_requests_waiting_rebuild() RETURNS void LANGUAGE sql AS $$
UPDATE "service_requests" r SET "waiting_since" = w.since
  FROM (
    SELECT m."service_request_id" AS id, min(m."created_at") AS since
      FROM "chat_messages" m
      JOIN "service_requests" q ON q."id" = m."service_request_id"
      LEFT JOIN (
        -- Each request's last answer from staff, in one grouped pass (a correlated max per message walked the
        -- whole table for each one when the bench loads without indexes: over 20 minutes at 10M messages).
        SELECT s."service_request_id", max(s."id") AS last_reply
          FROM "chat_messages" s
          JOIN "service_requests" o ON o."id" = s."service_request_id"
         WHERE s."author_id" <> o."customer_id" AND NOT s."internal"
         GROUP BY s."service_request_id"
      ) a ON a."service_request_id" = q."id"
     WHERE m."author_id" = q."customer_id" AND m."id" > coalesce(a."last_reply", 0)
     GROUP BY m."service_request_id"
  ) w
 WHERE r."id" = w.id;
$$;--> statement-breakpoint
SELECT service_requests_waiting_rebuild();--> statement-breakpoint
-- Every change of the wait is told to the service staff's open screens (the queue, the header's count), however
-- it happened: the event bus's envelope (events/event-bus.ts), delivered on commit.
CREATE FUNCTION service_requests_waiting_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('care_events', json_build_object(
    'type', 'service-request-handling',
    'data', json_build_object('serviceRequestId', NEW."id"::text),
    'userIds', json_build_array(),
    'roles', json_build_array('service', 'admin'))::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_requests_waiting_changed AFTER UPDATE OF "waiting_since" ON "service_requests"
  FOR EACH ROW WHEN (OLD."waiting_since" IS DISTINCT FROM NEW."waiting_since")
  EXECUTE FUNCTION service_requests_waiting_changed();
