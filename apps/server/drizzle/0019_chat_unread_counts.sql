-- Unread counts kept as counters in the writing transaction instead of counted per read (docs/decisions/056).
-- The foreign keys and indexes of the new table are added after it is filled below (one check, one sort each).
CREATE TABLE "chat_unread_counts" (
	"user_id" bigint NOT NULL,
	"service_request_id" bigint NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"is_customer" boolean DEFAULT false NOT NULL,
	"follows" boolean DEFAULT false NOT NULL,
	CONSTRAINT "chat_unread_counts_pkey" PRIMARY KEY("user_id","service_request_id")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "chat_message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "last_customer_message_id" bigint;--> statement-breakpoint
-- Everything counted again from the messages and markers, set-based (hash joins, no index needed: the bench
-- calls it while its indexes are off, bench/data/fill-chat.ts). The request's counts first, then a counter row
-- for each reader: a marker, a message written, or the customer's and assignee's of a chat with messages.
-- Without a marker, what is unread is every message but one's own: the request's count less what one wrote.
-- Run by this migration; `SELECT chat_unread_counts_rebuild()` repairs counters should they ever drift
-- (writers of messages and markers wait meanwhile).
CREATE FUNCTION chat_unread_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "chat_messages", "chat_read_markers", "service_requests" IN SHARE MODE;
  UPDATE "service_requests" r
     SET "chat_message_count" = coalesce(s.n, 0), "last_customer_message_id" = s.last_customer
    FROM "service_requests" q
    LEFT JOIN (
      SELECT m."service_request_id" AS id, count(*)::int AS n,
             max(m."id") FILTER (WHERE m."author_id" = c."customer_id") AS last_customer
        FROM "chat_messages" m JOIN "service_requests" c ON c."id" = m."service_request_id"
       GROUP BY m."service_request_id"
    ) s ON s.id = q."id"
   WHERE r."id" = q."id"
     AND (r."chat_message_count", r."last_customer_message_id") IS DISTINCT FROM (coalesce(s.n, 0), s.last_customer);
  TRUNCATE "chat_unread_counts";
  INSERT INTO "chat_unread_counts" ("user_id", "service_request_id", "unread_count", "is_customer", "follows")
  WITH authored AS (
    SELECT "service_request_id", "author_id" AS user_id, count(*)::int AS n
      FROM "chat_messages" WHERE "author_id" IS NOT NULL
     GROUP BY 1, 2
  ), after_marker AS (
    SELECT k."user_id", k."service_request_id", count(m."id")::int AS n
      FROM "chat_read_markers" k
      LEFT JOIN "chat_messages" m ON m."service_request_id" = k."service_request_id"
           AND m."id" > k."last_read_message_id" AND m."author_id" IS DISTINCT FROM k."user_id"
     GROUP BY 1, 2
  ), readers AS (
    SELECT "service_request_id", user_id FROM authored
    UNION SELECT "service_request_id", "user_id" FROM "chat_read_markers"
    UNION SELECT "id", "customer_id" FROM "service_requests" WHERE "chat_message_count" > 0
    UNION SELECT "id", "assigned_to" FROM "service_requests"
           WHERE "chat_message_count" > 0 AND "assigned_to" IS NOT NULL
  )
  SELECT x.user_id, x."service_request_id",
         coalesce(k.n, r."chat_message_count" - coalesce(a.n, 0)),
         r."customer_id" = x.user_id,
         k.user_id IS NOT NULL OR coalesce(r."assigned_to" = x.user_id, false)
    FROM readers x
    JOIN "service_requests" r ON r."id" = x."service_request_id"
    LEFT JOIN after_marker k ON k."user_id" = x.user_id AND k."service_request_id" = x."service_request_id"
    LEFT JOIN authored a ON a.user_id = x.user_id AND a."service_request_id" = x."service_request_id";
END
$$;--> statement-breakpoint
SELECT chat_unread_counts_rebuild();--> statement-breakpoint
ALTER TABLE "chat_unread_counts" ADD CONSTRAINT "chat_unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_unread_counts" ADD CONSTRAINT "chat_unread_counts_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_unread_counts_service_request_id_idx" ON "chat_unread_counts" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "chat_unread_counts_unread_idx" ON "chat_unread_counts" USING btree ("user_id","service_request_id") WHERE "chat_unread_counts"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "service_requests_customer_wrote_idx" ON "service_requests" USING btree ("report_date","id","last_customer_message_id") WHERE "service_requests"."last_customer_message_id" IS NOT NULL AND "service_requests"."last_message_at" IS NOT NULL;--> statement-breakpoint
-- One person's counter for one request counted again from their marker (none: from the first message), with
-- its flags. `p_add`: create the row if missing; else only a row that is there changes (a marker deleted along
-- with its user or request must not add one). Callers hold the request's row lock.
CREATE FUNCTION chat_unread_counts_refresh(p_reader bigint, p_request bigint, p_add boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_unread integer;
  v_customer boolean;
  v_follows boolean;
BEGIN
  SELECT (SELECT count(*)::int FROM "chat_messages" m
           WHERE m."service_request_id" = r."id" AND m."id" > coalesce(k."last_read_message_id", 0)
             AND m."author_id" IS DISTINCT FROM p_reader),
         r."customer_id" = p_reader,
         k."user_id" IS NOT NULL OR coalesce(r."assigned_to" = p_reader, false)
    INTO v_unread, v_customer, v_follows
    FROM "service_requests" r
    LEFT JOIN "chat_read_markers" k ON k."user_id" = p_reader AND k."service_request_id" = r."id"
   WHERE r."id" = p_request;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF p_add THEN
    INSERT INTO "chat_unread_counts" ("user_id", "service_request_id", "unread_count", "is_customer", "follows")
    VALUES (p_reader, p_request, v_unread, v_customer, v_follows)
    ON CONFLICT ("user_id", "service_request_id") DO UPDATE
      SET "unread_count" = excluded."unread_count", "is_customer" = excluded."is_customer",
          "follows" = excluded."follows";
  ELSE
    UPDATE "chat_unread_counts"
       SET "unread_count" = v_unread, "is_customer" = v_customer, "follows" = v_follows
     WHERE "user_id" = p_reader AND "service_request_id" = p_request;
  END IF;
END
$$;--> statement-breakpoint
-- A new message, whoever writes it (a person, a file, a system notice). The request's row is updated first,
-- which locks it: the counters of one request change one transaction at a time (the markers' triggers take the
-- same lock), so a recount never misses a message another transaction counted up meanwhile. Every counter of
-- the request but the author's goes up, unless that reader's marker is already at or past this message (it
-- committed after a later message and was read with it). Whoever has no row yet (the customer and the assignee
-- at the first message, the author at their first) has no marker and wrote nothing: all messages but this one
-- of theirs are unread.
CREATE FUNCTION chat_messages_count_unread() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_customer bigint;
  v_assignee bigint;
  v_count integer;
BEGIN
  UPDATE "service_requests" r
     SET "chat_message_count" = r."chat_message_count" + 1,
         "last_customer_message_id" = CASE WHEN NEW."author_id" = r."customer_id"
           THEN greatest(r."last_customer_message_id", NEW."id") ELSE r."last_customer_message_id" END
   WHERE r."id" = NEW."service_request_id"
  RETURNING r."customer_id", r."assigned_to", r."chat_message_count" INTO v_customer, v_assignee, v_count;
  IF NOT FOUND THEN
    RETURN NULL; -- no such request: its foreign key refuses the message
  END IF;
  UPDATE "chat_unread_counts" c SET "unread_count" = c."unread_count" + 1
   WHERE c."service_request_id" = NEW."service_request_id"
     AND c."user_id" IS DISTINCT FROM NEW."author_id"
     AND NOT EXISTS (
       SELECT 1 FROM "chat_read_markers" k
        WHERE k."user_id" = c."user_id" AND k."service_request_id" = c."service_request_id"
          AND k."last_read_message_id" >= NEW."id");
  INSERT INTO "chat_unread_counts" ("user_id", "service_request_id", "unread_count", "is_customer", "follows")
  SELECT DISTINCT u.id, NEW."service_request_id",
         CASE WHEN u.id = NEW."author_id" THEN v_count - 1 ELSE v_count END,
         u.id = v_customer, coalesce(u.id = v_assignee, false)
    FROM (VALUES (v_customer), (v_assignee), (NEW."author_id")) u(id)
   WHERE u.id IS NOT NULL
  ON CONFLICT ("user_id", "service_request_id") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER chat_messages_count_unread AFTER INSERT ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION chat_messages_count_unread();--> statement-breakpoint
-- A marker written or moved locks its request's row before its own row, in the order a new message takes them.
CREATE FUNCTION chat_read_markers_lock_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "service_requests" WHERE "id" = NEW."service_request_id" FOR NO KEY UPDATE;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER chat_read_markers_lock_request BEFORE INSERT OR UPDATE ON "chat_read_markers"
  FOR EACH ROW EXECUTE FUNCTION chat_read_markers_lock_request();--> statement-breakpoint
-- ...then its counter is counted again from the marker on (a range of chat_messages_request_id_idx: nothing
-- when the marker is at the newest message). A deleted marker leaves its row counting from the first message.
CREATE FUNCTION chat_read_markers_count_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_OP = 'DELETE' OR OLD."user_id" <> NEW."user_id" OR OLD."service_request_id" <> NEW."service_request_id" THEN
      PERFORM chat_unread_counts_refresh(OLD."user_id", OLD."service_request_id", false);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM chat_unread_counts_refresh(NEW."user_id", NEW."service_request_id", true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER chat_read_markers_count_unread AFTER INSERT OR DELETE ON "chat_read_markers"
  FOR EACH ROW EXECUTE FUNCTION chat_read_markers_count_unread();--> statement-breakpoint
CREATE TRIGGER chat_read_markers_moved AFTER UPDATE ON "chat_read_markers"
  FOR EACH ROW WHEN (OLD."last_read_message_id" IS DISTINCT FROM NEW."last_read_message_id"
    OR OLD."user_id" <> NEW."user_id" OR OLD."service_request_id" <> NEW."service_request_id")
  EXECUTE FUNCTION chat_read_markers_count_unread();--> statement-breakpoint
-- Another assignee or customer: who counts the request in their summary changes (the counts do not). The new
-- customer's and assignee's rows are added once the chat has a message; the customer's newest message is found
-- again.
CREATE FUNCTION service_requests_chat_readers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."customer_id" <> NEW."customer_id" THEN
    UPDATE "service_requests" SET "last_customer_message_id" = (
      SELECT max(m."id") FROM "chat_messages" m
       WHERE m."service_request_id" = NEW."id" AND m."author_id" = NEW."customer_id")
     WHERE "id" = NEW."id";
  END IF;
  PERFORM chat_unread_counts_refresh(OLD."customer_id", NEW."id", false);
  IF OLD."assigned_to" IS NOT NULL THEN
    PERFORM chat_unread_counts_refresh(OLD."assigned_to", NEW."id", false);
  END IF;
  PERFORM chat_unread_counts_refresh(NEW."customer_id", NEW."id", NEW."chat_message_count" > 0);
  IF NEW."assigned_to" IS NOT NULL THEN
    PERFORM chat_unread_counts_refresh(NEW."assigned_to", NEW."id", NEW."chat_message_count" > 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_requests_chat_readers AFTER UPDATE OF "customer_id", "assigned_to" ON "service_requests"
  FOR EACH ROW WHEN (OLD."customer_id" IS DISTINCT FROM NEW."customer_id"
    OR OLD."assigned_to" IS DISTINCT FROM NEW."assigned_to")
  EXECUTE FUNCTION service_requests_chat_readers();
