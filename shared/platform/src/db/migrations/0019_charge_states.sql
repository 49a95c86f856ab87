ALTER TABLE "transactions" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_settled" boolean;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settlement_batch" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "review_flag" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "is_void" boolean;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "replacement_transaction_id" text;