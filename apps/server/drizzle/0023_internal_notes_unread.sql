-- Internal notes (issue 18, chat_messages.internal) are the service department's: they never count for the
-- request's customer. service_requests.chat_message_count counts the messages the customer sees (what an unread
-- count falls back to for someone without a counter row); a note counts up every counter of its request but the
-- author's and the customer's, and gives the customer no counter row. The functions of migration 0019, each
-- with that one difference.
CREATE OR REPLACE FUNCTION chat_unread_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "chat_messages", "chat_read_markers", "service_requests" IN SHARE MODE;
  UPDATE "service_requests" r
     SET "chat_message_count" = coalesce(s.n, 0), "last_customer_message_id" = s.last_customer
    FROM "service_requests" q
    LEFT JOIN (
      SELECT m."service_request_id" AS id, (count(*) FILTER (WHERE NOT m."internal"))::int AS n,
             max(m."id") FILTER (WHERE m."author_id" = c."customer_id") AS last_customer
        FROM "chat_messages" m JOIN "service_requests" c ON c."id" = m."service_request_id"
       GROUP BY m."service_request_id"
    ) s ON s.id = q."id"
   WHERE r."id" = q."id"
     AND (r."chat_message_count", r."last_customer_message_id") IS DISTINCT FROM (coalesce(s.n, 0), s.last_customer);
  TRUNCATE "chat_unread_counts";
  INSERT INTO "chat_unread_counts" ("user_id", "service_request_id", "unread_count", "is_customer", "follows")
  WITH authored AS (
    SELECT "service_request_id", "author_id" AS user_id, (count(*) FILTER (WHERE NOT "internal"))::int AS n,
           (count(*) FILTER (WHERE "internal"))::int AS notes
      FROM "chat_messages" WHERE "author_id" IS NOT NULL
     GROUP BY 1, 2
  ), notes AS (
    SELECT "service_request_id", count(*)::int AS n FROM "chat_messages" WHERE "internal" GROUP BY 1
  ), after_marker AS (
    SELECT k."user_id", k."service_request_id", count(m."id")::int AS n
      FROM "chat_read_markers" k
      JOIN "service_requests" q ON q."id" = k."service_request_id"
      LEFT JOIN "chat_messages" m ON m."service_request_id" = k."service_request_id"
           AND m."id" > k."last_read_message_id" AND m."author_id" IS DISTINCT FROM k."user_id"
           AND NOT (m."internal" AND k."user_id" = q."customer_id")
     GROUP BY 1, 2
  ), readers AS (
    SELECT "service_request_id", user_id FROM authored
    UNION SELECT "service_request_id", "user_id" FROM "chat_read_markers"
    UNION SELECT "id", "customer_id" FROM "service_requests" WHERE "chat_message_count" > 0
    UNION SELECT r."id", r."assigned_to" FROM "service_requests" r
            LEFT JOIN notes n ON n."service_request_id" = r."id"
           WHERE (r."chat_message_count" > 0 OR n.n IS NOT NULL) AND r."assigned_to" IS NOT NULL
  )
  -- Without a marker: every message one may see but one's own (for staff the notes too).
  SELECT x.user_id, x."service_request_id",
         coalesce(k.n, r."chat_message_count" - coalesce(a.n, 0) + CASE WHEN r."customer_id" = x.user_id
           THEN 0 ELSE coalesce(n.n, 0) - coalesce(a.notes, 0) END),
         r."customer_id" = x.user_id,
         k.user_id IS NOT NULL OR coalesce(r."assigned_to" = x.user_id, false)
    FROM readers x
    JOIN "service_requests" r ON r."id" = x."service_request_id"
    LEFT JOIN after_marker k ON k."user_id" = x.user_id AND k."service_request_id" = x."service_request_id"
    LEFT JOIN authored a ON a.user_id = x.user_id AND a."service_request_id" = x."service_request_id"
    LEFT JOIN notes n ON n."service_request_id" = x."service_request_id";
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_unread_counts_refresh(p_reader bigint, p_request bigint, p_add boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_unread integer;
  v_customer boolean;
  v_follows boolean;
BEGIN
  SELECT (SELECT count(*)::int FROM "chat_messages" m
           WHERE m."service_request_id" = r."id" AND m."id" > coalesce(k."last_read_message_id", 0)
             AND m."author_id" IS DISTINCT FROM p_reader
             AND NOT (m."internal" AND r."customer_id" = p_reader)),
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
-- A note: the customer's counter stays as it is, and the customer gets no row; the assignee's and the author's
-- missing rows are counted from the messages (a note is rare, and staff rows cannot take the customer's count).
CREATE OR REPLACE FUNCTION chat_messages_count_unread() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_customer bigint;
  v_assignee bigint;
  v_count integer;
BEGIN
  UPDATE "service_requests" r
     SET "chat_message_count" = r."chat_message_count" + CASE WHEN NEW."internal" THEN 0 ELSE 1 END,
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
     AND NOT (NEW."internal" AND c."user_id" = v_customer)
     AND NOT EXISTS (
       SELECT 1 FROM "chat_read_markers" k
        WHERE k."user_id" = c."user_id" AND k."service_request_id" = c."service_request_id"
          AND k."last_read_message_id" >= NEW."id");
  IF NEW."internal" THEN
    PERFORM chat_unread_counts_refresh(u.id, NEW."service_request_id", true)
       FROM (VALUES (v_assignee), (NEW."author_id")) u(id)
      WHERE u.id IS NOT NULL AND u.id IS DISTINCT FROM v_customer
        AND NOT EXISTS (SELECT 1 FROM "chat_unread_counts" c
                         WHERE c."user_id" = u.id AND c."service_request_id" = NEW."service_request_id");
    RETURN NULL;
  END IF;
  INSERT INTO "chat_unread_counts" ("user_id", "service_request_id", "unread_count", "is_customer", "follows")
  SELECT DISTINCT u.id, NEW."service_request_id",
         CASE WHEN u.id = NEW."author_id" THEN v_count - 1 ELSE v_count END,
         u.id = v_customer, coalesce(u.id = v_assignee, false)
    FROM (VALUES (v_customer), (v_assignee), (NEW."author_id")) u(id)
   WHERE u.id IS NOT NULL
  ON CONFLICT ("user_id", "service_request_id") DO NOTHING;
  RETURN NULL;
END
$$;
