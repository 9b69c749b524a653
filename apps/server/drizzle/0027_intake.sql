CREATE TABLE "service_request_corrections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_request_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_request_id" bigint NOT NULL,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"from_label" jsonb,
	"to_label" jsonb,
	"reason" text NOT NULL,
	"changed_by" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_corrections_field_check" CHECK ("service_request_corrections"."field" IN ('machine', 'transportType', 'deliveryPlace'))
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "filed_by" bigint;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "duplicate_of" bigint;--> statement-breakpoint
ALTER TABLE "service_request_corrections" ADD CONSTRAINT "service_request_corrections_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_corrections" ADD CONSTRAINT "service_request_corrections_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_corrections_request_idx" ON "service_request_corrections" USING btree ("service_request_id","changed_at");--> statement-breakpoint
CREATE INDEX "service_request_corrections_changed_by_idx" ON "service_request_corrections" USING btree ("changed_by");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_duplicate_of_service_requests_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."service_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_duplicate_of_idx" ON "service_requests" USING btree ("duplicate_of") WHERE "service_requests"."duplicate_of" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "user_addresses_company_name_trgm_idx" ON "user_addresses" USING gin ((replace(replace(replace(translate(lower(coalesce("company_name", '')), 'ąćęłńóśźżäöüéèêëàâáíìîïúùûůűőýÿçčďěňřšťžåãõñøđĄĆĘŁŃÓŚŹŻÄÖÜÉÈÊËÀÂÁÍÌÎÏÚÙÛŮŰŐÝŸÇČĎĚŇŘŠŤŽÅÃÕÑØĐ', 'acelnoszzaoueeeeaaaiiiiuuuuuoyyccdenrstzaaonodacelnoszzaoueeeeaaaiiiiuuuuuoyyccdenrstzaaonod'), 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae')) gin_trgm_ops);