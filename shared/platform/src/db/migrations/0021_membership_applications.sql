CREATE TABLE "membership_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_applications_status_known" CHECK (status IN ('new', 'reviewed'))
);
--> statement-breakpoint
CREATE INDEX "membership_applications_email_lower_idx" ON "membership_applications" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "membership_applications_created_at_id_idx" ON "membership_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "membership_applications_name_key_idx" ON "membership_applications" USING btree ((lower(coalesce(nullif(btrim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "email")) COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "membership_applications_search_trgm_idx" ON "membership_applications" USING gin (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || E'\n' || coalesce("last_name", '') || ' ' || coalesce("first_name", '') || E'\n' || "email" || E'\n' || coalesce("phone", '') || E'\n' || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') || E'\n' || '' || E'\n' || coalesce(nullif(btrim("message"), ''), 'Membership interest')) gin_trgm_ops);