CREATE TABLE "manage_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manage_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"secret_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"charge_row_id" uuid NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"requested_by" text NOT NULL,
	"reason" text,
	"provider_refunded_before_cents" integer,
	"last_sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_refund_id" text,
	"refund_row_id" uuid,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_state_known" CHECK (state IN ('queued', 'processing', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "subject_line" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_requested_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_charge_row_id_transactions_id_fk" FOREIGN KEY ("charge_row_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refund_row_id_transactions_id_fk" FOREIGN KEY ("refund_row_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manage_links_token_hash_key" ON "manage_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "manage_links_email_idx" ON "manage_links" USING btree ("email");--> statement-breakpoint
CREATE INDEX "manage_sessions_expires_at_idx" ON "manage_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_charge_row_id_idx" ON "refunds" USING btree ("charge_row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_in_flight_per_charge" ON "refunds" USING btree ("charge_row_id") WHERE "refunds"."state" IN ('queued', 'processing');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_of_transactions_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_emails_kind_subject_key" ON "outbound_emails" USING btree ("kind","subject_id") WHERE "outbound_emails"."subject_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbound_emails_recipient_idx" ON "outbound_emails" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "transactions_payment_id_idx" ON "transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "transactions_refund_of_idx" ON "transactions" USING btree ("refund_of") WHERE "transactions"."refund_of" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_failing_since_idx" ON "payments" USING btree ("failing_since") WHERE "payments"."failing_since" IS NOT NULL AND "payments"."cancel_requested_at" IS NULL;--> statement-breakpoint
-- Rows written before payment_id existed: a first charge is the payment's own transaction, and a
-- donation has one payment. Older instalments of memberships stay unlinked (the column is nullable).
UPDATE "transactions" t SET "payment_id" = p."id" FROM "payments" p
  WHERE t."payment_id" IS NULL AND p."provider_transaction_id" = t."provider_transaction_id";--> statement-breakpoint
UPDATE "transactions" t SET "payment_id" = p."id" FROM "payments" p
  WHERE t."payment_id" IS NULL AND t."donation_id" IS NOT NULL AND p."record_id" = t."donation_id";
