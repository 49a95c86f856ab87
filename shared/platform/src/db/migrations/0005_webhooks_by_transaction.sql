-- Notifications are now one row per transaction (Pay Theory sends no event id): rows the old
-- event-id scheme kept without a transaction, or twice for one transaction, are dropped first.
DELETE FROM "webhook_events" WHERE "transaction_id" IS NULL;--> statement-breakpoint
DELETE FROM "webhook_events" a USING "webhook_events" b
  WHERE a."provider" = b."provider" AND a."transaction_id" = b."transaction_id"
    AND (a."received_at", a."id") > (b."received_at", b."id");--> statement-breakpoint
CREATE TABLE "recurring_polls" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"polled_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
DROP INDEX "webhook_events_provider_event_id_key";--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "transaction_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_polls" ADD CONSTRAINT "recurring_polls_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_polls_polled_at_idx" ON "recurring_polls" USING btree ("polled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_transaction_id_key" ON "webhook_events" USING btree ("provider","transaction_id");--> statement-breakpoint
ALTER TABLE "webhook_events" DROP COLUMN "provider_event_id";