CREATE TABLE "catalog_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_files_file_id_key" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"file_names" text[] NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text NOT NULL,
	"summary" jsonb,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_imports_status_check" CHECK ("catalog_imports"."status" IN ('imported', 'checked', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "catalog_files" ADD CONSTRAINT "catalog_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_imports_created_at_idx" ON "catalog_imports" USING btree ("created_at");