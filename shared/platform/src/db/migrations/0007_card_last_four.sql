ALTER TABLE "transactions" ADD COLUMN "card_last_four" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last_four" text;