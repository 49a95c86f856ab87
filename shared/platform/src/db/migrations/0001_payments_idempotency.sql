CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" smallint NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_payment_date" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claimed_transaction_id" text;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_transaction_id_key" ON "payments" USING btree ("provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_claimed_transaction_id_key" ON "payments" USING btree ("claimed_transaction_id");