CREATE TABLE "card_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"card_id" bigint NOT NULL,
	"part_id" bigint NOT NULL,
	"position_number" text NOT NULL,
	"quantity" numeric(12, 3),
	"hotspots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_positions_quantity_check" CHECK ("card_positions"."quantity" IS NULL OR "card_positions"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalog_cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"folder_id" bigint NOT NULL,
	"external_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"drawing_svg" text,
	"drawing_file_id" uuid,
	"drawing_width" integer,
	"drawing_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_folders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"external_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"image_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"external_id" text NOT NULL,
	"symbol" text NOT NULL,
	"symbol_normalized" text NOT NULL,
	"name" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"standard" text,
	"quantity" numeric(12, 3),
	"unit" text,
	"catalog_number" text,
	"sap_id" text,
	"configuration" text,
	"returnable" boolean DEFAULT false NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_request_id" bigint NOT NULL,
	"author_id" bigint,
	"body" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_body_or_file" CHECK ("chat_messages"."body" IS NOT NULL OR "chat_messages"."file_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "chat_read_markers" (
	"user_id" bigint NOT NULL,
	"service_request_id" bigint NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_read_markers_pkey" PRIMARY KEY("user_id","service_request_id")
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_counters_pkey" PRIMARY KEY("prefix","year"),
	CONSTRAINT "document_counters_last_value_check" CHECK ("document_counters"."last_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_size_bytes_check" CHECK ("files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guarantee_reminders_sent" (
	"machine_id" bigint NOT NULL,
	"guarantee_end_date" date NOT NULL,
	"kind" text DEFAULT '30d' NOT NULL,
	"user_id" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guarantee_reminders_sent_pkey" PRIMARY KEY("machine_id","guarantee_end_date","kind")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_name" text NOT NULL,
	"run_key" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	CONSTRAINT "job_runs_status_check" CHECK ("job_runs"."status" IN ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"serial_number" text NOT NULL,
	"name" text NOT NULL,
	"purchase_date" date,
	"guarantee_end_date" date,
	"status" text DEFAULT 'R' NOT NULL,
	"dealer" text,
	"owner_id" bigint,
	"owned_since" timestamp with time zone,
	"external_id" text,
	"imported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machines_serial_number_normalized" CHECK ("machines"."serial_number" = upper(btrim("machines"."serial_number"))),
	CONSTRAINT "machines_status_check" CHECK ("machines"."status" IN ('D', 'S', 'P', 'H', 'M', 'B', 'C', 'E', 'W', 'I', 'R', 'G', 'X'))
);
--> statement-breakpoint
CREATE TABLE "offer_request_attachments" (
	"offer_request_id" bigint NOT NULL,
	"file_id" uuid NOT NULL,
	"added_by" bigint,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_request_attachments_pkey" PRIMARY KEY("offer_request_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "offer_request_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_request_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"offer_request_id" bigint NOT NULL,
	"part_id" bigint,
	"symbol" text NOT NULL,
	"name" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_request_items_amount_check" CHECK ("offer_request_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "offer_request_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_request_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"offer_request_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "offer_request_status_history_from_status_check" CHECK ("offer_request_status_history"."from_status" IN ('sent', 'in_progress', 'quoted', 'closed')),
	CONSTRAINT "offer_request_status_history_to_status_check" CHECK ("offer_request_status_history"."to_status" IN ('sent', 'in_progress', 'quoted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "offer_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"note" text,
	"language" text DEFAULT 'pl' NOT NULL,
	"assigned_to" bigint,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_requests_status_check" CHECK ("offer_requests"."status" IN ('sent', 'in_progress', 'quoted', 'closed')),
	CONSTRAINT "offer_requests_language_check" CHECK ("offer_requests"."language" IN ('pl', 'en', 'de'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"language" text DEFAULT 'pl' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "mail_outbox_language_check" CHECK ("mail_outbox"."language" IN ('pl', 'en', 'de'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rate_limit_hits_pkey" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "service_request_attachments" (
	"service_request_id" bigint NOT NULL,
	"file_id" uuid NOT NULL,
	"added_by" bigint,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_initial" boolean DEFAULT false NOT NULL,
	CONSTRAINT "service_request_attachments_pkey" PRIMARY KEY("service_request_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "service_request_elements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_request_elements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"label" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_request_elements_kind_code_key" UNIQUE("kind","code"),
	CONSTRAINT "service_request_elements_kind_check" CHECK ("service_request_elements"."kind" IN ('transport_type', 'delivery_place'))
);
--> statement-breakpoint
CREATE TABLE "service_request_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_request_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_request_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "service_request_status_history_from_status_check" CHECK ("service_request_status_history"."from_status" IN ('N', 'C', 'R', 'P', 'O', 'A', 'F', 'X', 'U')),
	CONSTRAINT "service_request_status_history_to_status_check" CHECK ("service_request_status_history"."to_status" IN ('N', 'C', 'R', 'P', 'O', 'A', 'F', 'X', 'U'))
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"machine_id" bigint NOT NULL,
	"status" text DEFAULT 'N' NOT NULL,
	"report_date" timestamp with time zone DEFAULT now() NOT NULL,
	"estimated_completion_date" date,
	"completion_date" date,
	"transport_type" text,
	"delivery_place" text,
	"problem_description" text NOT NULL,
	"comments" text,
	"service_opinion" text,
	"additional_parts" text,
	"assigned_to" bigint,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" IN ('N', 'C', 'R', 'P', 'O', 'A', 'F', 'X', 'U'))
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"machine_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" IN ('confirm_registration', 'reset_password')),
	CONSTRAINT "auth_tokens_token_hash_format" CHECK ("auth_tokens"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" "inet",
	CONSTRAINT "sessions_token_hash_format" CHECK ("sessions"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "user_addresses" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_name" text,
	"street" text DEFAULT '' NOT NULL,
	"house_number" text DEFAULT '' NOT NULL,
	"apartment_number" text,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT 'PL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"broad_value" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_user_broad_value_key_key" UNIQUE("user_id","broad_value","key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"pesel_or_nip" text,
	"language" text DEFAULT 'pl' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"marketing_consent_at" timestamp with time zone,
	"rules_accepted_at" timestamp with time zone,
	"email_confirmed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone,
	"b2c_store_customer_id" text,
	"authorities" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text GENERATED ALWAYS AS (replace(replace(replace(translate(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(pesel_or_nip, '')), 'ąćęłńóśźżäöüéèêëàâáíìîïúùûůűőýÿçčďěňřšťžåãõñøđĄĆĘŁŃÓŚŹŻÄÖÜÉÈÊËÀÂÁÍÌÎÏÚÙÛŮŰŐÝŸÇČĎĚŇŘŠŤŽÅÃÕÑØĐ', 'acelnoszzaoueeeeaaaiiiiuuuuuoyyccdenrstzaaonodacelnoszzaoueeeeaaaiiiiuuuuuoyyccdenrstzaaonod'), 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae')) STORED NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('customer', 'service', 'sales', 'admin')),
	CONSTRAINT "users_language_check" CHECK ("users"."language" IN ('pl', 'en', 'de')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" IN ('pending', 'active', 'deactivated'))
);
--> statement-breakpoint
ALTER TABLE "card_positions" ADD CONSTRAINT "card_positions_card_id_catalog_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."catalog_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_positions" ADD CONSTRAINT "card_positions_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_cards" ADD CONSTRAINT "catalog_cards_folder_id_catalog_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."catalog_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_cards" ADD CONSTRAINT "catalog_cards_drawing_file_id_files_id_fk" FOREIGN KEY ("drawing_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_folders" ADD CONSTRAINT "catalog_folders_parent_id_catalog_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalog_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_folders" ADD CONSTRAINT "catalog_folders_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_markers" ADD CONSTRAINT "chat_read_markers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_markers" ADD CONSTRAINT "chat_read_markers_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_reminders_sent" ADD CONSTRAINT "guarantee_reminders_sent_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_reminders_sent" ADD CONSTRAINT "guarantee_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_request_attachments" ADD CONSTRAINT "offer_request_attachments_offer_request_id_offer_requests_id_fk" FOREIGN KEY ("offer_request_id") REFERENCES "public"."offer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_request_attachments" ADD CONSTRAINT "offer_request_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_request_attachments" ADD CONSTRAINT "offer_request_attachments_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_request_items" ADD CONSTRAINT "offer_request_items_offer_request_id_offer_requests_id_fk" FOREIGN KEY ("offer_request_id") REFERENCES "public"."offer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_request_items" ADD CONSTRAINT "offer_request_items_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_request_status_history" ADD CONSTRAINT "offer_request_status_history_offer_request_id_offer_requests_id_fk" FOREIGN KEY ("offer_request_id") REFERENCES "public"."offer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_request_status_history" ADD CONSTRAINT "offer_request_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_requests" ADD CONSTRAINT "offer_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_requests" ADD CONSTRAINT "offer_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_attachments" ADD CONSTRAINT "service_request_attachments_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_attachments" ADD CONSTRAINT "service_request_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_attachments" ADD CONSTRAINT "service_request_attachments_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_status_history" ADD CONSTRAINT "service_request_status_history_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_status_history" ADD CONSTRAINT "service_request_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_positions_card_sort_idx" ON "card_positions" USING btree ("card_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "card_positions_part_id_idx" ON "card_positions" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_cards_external_id_key" ON "catalog_cards" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "catalog_cards_folder_sort_idx" ON "catalog_cards" USING btree ("folder_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_folders_external_id_key" ON "catalog_folders" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "catalog_folders_parent_sort_idx" ON "catalog_folders" USING btree ("parent_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_external_id_key" ON "parts" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "parts_search_text_trgm_idx" ON "parts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_symbol_normalized_prefix_idx" ON "parts" USING btree ("symbol_normalized" COLLATE "C");--> statement-breakpoint
CREATE INDEX "parts_sap_id_idx" ON "parts" USING btree ("sap_id");--> statement-breakpoint
CREATE INDEX "parts_catalog_number_idx" ON "parts" USING btree ("catalog_number");--> statement-breakpoint
CREATE INDEX "chat_messages_request_id_idx" ON "chat_messages" USING btree ("service_request_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_file_id_idx" ON "chat_messages" USING btree ("file_id") WHERE "chat_messages"."file_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_author_id_idx" ON "chat_messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "chat_read_markers_service_request_id_idx" ON "chat_read_markers" USING btree ("service_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_key" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "files_created_at_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_run_key_key" ON "job_runs" USING btree ("run_key");--> statement-breakpoint
CREATE INDEX "job_runs_job_name_started_at_idx" ON "job_runs" USING btree ("job_name","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_serial_number_key" ON "machines" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_external_id_key" ON "machines" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "machines_owner_purchase_date_idx" ON "machines" USING btree ("owner_id","purchase_date","id");--> statement-breakpoint
CREATE INDEX "machines_guarantee_end_date_idx" ON "machines" USING btree ("guarantee_end_date") WHERE "machines"."owner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "machines_serial_number_trgm_idx" ON "machines" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offer_request_attachments_file_id_idx" ON "offer_request_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "offer_request_items_offer_request_id_idx" ON "offer_request_items" USING btree ("offer_request_id","sort_order");--> statement-breakpoint
CREATE INDEX "offer_request_items_part_id_idx" ON "offer_request_items" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "offer_request_status_history_request_idx" ON "offer_request_status_history" USING btree ("offer_request_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_requests_number_key" ON "offer_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "offer_requests_customer_created_at_idx" ON "offer_requests" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "offer_requests_status_created_at_idx" ON "offer_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "offer_requests_assigned_to_idx" ON "offer_requests" USING btree ("assigned_to") WHERE "offer_requests"."assigned_to" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_start_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "service_request_attachments_file_id_idx" ON "service_request_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "service_request_status_history_request_idx" ON "service_request_status_history" USING btree ("service_request_id","changed_at");--> statement-breakpoint
CREATE INDEX "service_request_status_history_changed_by_idx" ON "service_request_status_history" USING btree ("changed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_code_key" ON "service_requests" USING btree ("code");--> statement-breakpoint
CREATE INDEX "service_requests_customer_report_date_idx" ON "service_requests" USING btree ("customer_id","report_date","id");--> statement-breakpoint
CREATE INDEX "service_requests_status_report_date_idx" ON "service_requests" USING btree ("status","report_date","id");--> statement-breakpoint
CREATE INDEX "service_requests_last_message_at_idx" ON "service_requests" USING btree ("last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_assigned_to_status_idx" ON "service_requests" USING btree ("assigned_to","status") WHERE "service_requests"."assigned_to" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "service_requests_machine_report_date_idx" ON "service_requests" USING btree ("machine_id","report_date");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_token_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_purpose_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "auth_tokens_expires_at_idx" ON "auth_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "auth_tokens_machine_id_idx" ON "auth_tokens" USING btree ("machine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_idle_expires_at_idx" ON "sessions" USING btree ("idle_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_b2c_store_customer_id_key" ON "users" USING btree ("b2c_store_customer_id");--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);