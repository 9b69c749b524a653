CREATE TABLE "user_oidc_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_oidc_identities_pkey" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "user_oidc_identities" ADD CONSTRAINT "user_oidc_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_oidc_identities_user_id_key" ON "user_oidc_identities" USING btree ("user_id");