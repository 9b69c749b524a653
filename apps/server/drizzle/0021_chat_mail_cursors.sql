CREATE TABLE "chat_mail_cursors" (
	"service_request_id" bigint NOT NULL,
	"audience" text NOT NULL,
	"last_message_id" bigint NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_mail_cursors_pkey" PRIMARY KEY("service_request_id","audience"),
	CONSTRAINT "chat_mail_cursors_audience_check" CHECK ("chat_mail_cursors"."audience" IN ('customer', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "chat_mail_cursors" ADD CONSTRAINT "chat_mail_cursors_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;