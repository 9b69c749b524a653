CREATE TABLE "service_request_assignments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_request_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_request_id" bigint NOT NULL,
	"assigned_to" bigint,
	"assigned_by" bigint,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "service_requests_assigned_to_status_idx";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_request_assignments" ADD CONSTRAINT "service_request_assignments_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_assignments" ADD CONSTRAINT "service_request_assignments_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_assignments" ADD CONSTRAINT "service_request_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_assignments_request_idx" ON "service_request_assignments" USING btree ("service_request_id","assigned_at");--> statement-breakpoint
CREATE INDEX "service_request_assignments_assigned_to_idx" ON "service_request_assignments" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "service_request_assignments_assigned_by_idx" ON "service_request_assignments" USING btree ("assigned_by");--> statement-breakpoint
CREATE INDEX "service_requests_assigned_to_report_date_idx" ON "service_requests" USING btree ("assigned_to","report_date","id") WHERE "service_requests"."assigned_to" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "service_requests_unassigned_report_date_idx" ON "service_requests" USING btree ("report_date","id") WHERE "service_requests"."assigned_to" IS NULL;--> statement-breakpoint
CREATE INDEX "service_requests_waiting_idx" ON "service_requests" USING btree ("waiting_since","id") WHERE "service_requests"."waiting_since" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "service_requests_priority_report_date_idx" ON "service_requests" USING btree ("priority","report_date","id");--> statement-breakpoint
CREATE INDEX "service_requests_tags_idx" ON "service_requests" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "service_requests_code_number_idx" ON "service_requests" USING btree (split_part("code", '/', 3));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_priority_check" CHECK ("service_requests"."priority" BETWEEN 0 AND 3);