CREATE TABLE "machine_import_rows" (
	"import_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"serial_number" text NOT NULL,
	"name" text NOT NULL,
	"purchase_date" date,
	"guarantee_end_date" date,
	"status" text NOT NULL,
	"dealer" text,
	"owner_email" text,
	"owner_id" bigint,
	CONSTRAINT "machine_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "machine_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"file_name" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "machine_imports_status_check" CHECK ("machine_imports"."status" IN ('running', 'imported', 'checked', 'invalid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "machine_import_rows" ADD CONSTRAINT "machine_import_rows_import_id_machine_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."machine_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_imports" ADD CONSTRAINT "machine_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_imports_created_at_idx" ON "machine_imports" USING btree ("created_at");