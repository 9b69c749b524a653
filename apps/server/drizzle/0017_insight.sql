ALTER TABLE "service_requests" ADD COLUMN "first_staff_reply_at" timestamp with time zone;
--> statement-breakpoint
-- The first chat message by a staff account (any role but customer) of every existing request; from now on
-- chat.service.ts sets it in the message's transaction.
UPDATE "service_requests" r SET "first_staff_reply_at" = f.at
FROM (
  SELECT cm.service_request_id, min(cm.created_at) AS at
  FROM "chat_messages" cm JOIN "users" u ON u.id = cm.author_id
  WHERE u.role <> 'customer'
  GROUP BY cm.service_request_id
) f
WHERE f.service_request_id = r.id;
--> statement-breakpoint
CREATE INDEX "machines_name_idx" ON "machines" USING btree ("name");
--> statement-breakpoint
CREATE INDEX "offer_requests_created_at_idx" ON "offer_requests" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "service_requests_report_date_first_reply_idx" ON "service_requests" USING btree ("report_date","first_staff_reply_at");
--> statement-breakpoint
CREATE INDEX "service_requests_closed_at_idx" ON "service_requests" USING btree ("status_changed_at","status","report_date") WHERE "service_requests"."status" IN ('F', 'X', 'U');