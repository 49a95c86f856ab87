ALTER TABLE "payments" ADD COLUMN "claimed_idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recheck_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_recheck_after_idx" ON "payments" USING btree ("recheck_after") WHERE "payments"."recheck_after" IS NOT NULL;