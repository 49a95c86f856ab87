CREATE TABLE "settlement_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch" bigint NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"gross_cents" integer NOT NULL,
	"fees_cents" integer,
	"net_cents" integer,
	"parent_transaction_id" text,
	"transaction_date" timestamp with time zone,
	"ledger_row_id" uuid,
	"payment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"batch" bigint PRIMARY KEY NOT NULL,
	"settlement_date" timestamp with time zone,
	"transfer_date" timestamp with time zone,
	"status" text,
	"currency" text,
	"gross_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"adjustments_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"debit_count" integer,
	"reversal_count" integer,
	"dispute_count" integer,
	"provider_updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlement_transactions" ADD CONSTRAINT "settlement_transactions_batch_settlements_batch_fk" FOREIGN KEY ("batch") REFERENCES "public"."settlements"("batch") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_transactions" ADD CONSTRAINT "settlement_transactions_ledger_row_id_transactions_id_fk" FOREIGN KEY ("ledger_row_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_transactions" ADD CONSTRAINT "settlement_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_transactions_batch_transaction_key" ON "settlement_transactions" USING btree ("batch","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "settlement_transactions_ledger_row_idx" ON "settlement_transactions" USING btree ("ledger_row_id");--> statement-breakpoint
CREATE INDEX "settlements_settlement_date_idx" ON "settlements" USING btree ("settlement_date");