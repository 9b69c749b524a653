CREATE TABLE "service_rating_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_rating_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_request_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "service_rating_links_token_hash_format" CHECK ("service_rating_links"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "service_request_ratings" (
	"service_request_id" bigint PRIMARY KEY NOT NULL,
	"score" smallint NOT NULL,
	"comment" text,
	"rated_by" bigint,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL,
	CONSTRAINT "service_request_ratings_score_check" CHECK ("service_request_ratings"."score" BETWEEN 1 AND 5),
	CONSTRAINT "service_request_ratings_via_check" CHECK ("service_request_ratings"."via" IN ('page', 'link'))
);
--> statement-breakpoint
CREATE TABLE "service_request_estimate_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_request_estimate_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_request_id" bigint NOT NULL,
	"from_date" date,
	"to_date" date,
	"changed_by" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_rating_links" ADD CONSTRAINT "service_rating_links_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_ratings" ADD CONSTRAINT "service_request_ratings_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_ratings" ADD CONSTRAINT "service_request_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_estimate_changes" ADD CONSTRAINT "service_request_estimate_changes_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_estimate_changes" ADD CONSTRAINT "service_request_estimate_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_rating_links_token_hash_key" ON "service_rating_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "service_rating_links_request_idx" ON "service_rating_links" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "service_rating_links_expires_at_idx" ON "service_rating_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "service_request_ratings_rated_by_idx" ON "service_request_ratings" USING btree ("rated_by");--> statement-breakpoint
CREATE INDEX "service_request_estimate_changes_request_idx" ON "service_request_estimate_changes" USING btree ("service_request_id","changed_at");--> statement-breakpoint
CREATE INDEX "service_request_estimate_changes_changed_by_idx" ON "service_request_estimate_changes" USING btree ("changed_by");