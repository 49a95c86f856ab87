CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"charge_row_id" uuid,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"reason_message" text,
	"disputed_at" timestamp with time zone,
	"evidence_due_at" timestamp with time zone,
	"provider_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_amount_nonnegative" CHECK ("disputes"."amount_cents" >= 0)
);
--> statement-breakpoint
DROP INDEX "webhook_events_provider_transaction_id_key";--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "dispute_key" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_charge_row_id_transactions_id_fk" FOREIGN KEY ("charge_row_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_dispute_id_key" ON "disputes" USING btree ("provider","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "disputes_payment_id_idx" ON "disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "disputes_provider_transaction_id_idx" ON "disputes" USING btree ("provider_transaction_id");--> statement-breakpoint
CREATE INDEX "disputes_charge_row_id_idx" ON "disputes" USING btree ("charge_row_id") WHERE "disputes"."charge_row_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_dispute_key" ON "webhook_events" USING btree ("provider","transaction_id","dispute_key") WHERE "webhook_events"."dispute_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_transaction_id_key" ON "webhook_events" USING btree ("provider","transaction_id") WHERE "webhook_events"."dispute_key" IS NULL;