CREATE TABLE "reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_transaction_id" text,
	"payment_id" uuid,
	"amount_cents" integer,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_differences_kind_known" CHECK (kind IN ('adopted', 'adoption_reversed', 'duplicate_reversed', 'instalment_recorded', 'refund_outside', 'unmatched', 'amount_mismatch', 'status_mismatch', 'missing_at_provider', 'dispute'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"requested_by" text NOT NULL,
	"window_from" timestamp with time zone,
	"window_to" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"matched" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_runs_state_known" CHECK (state IN ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_one_at_a_time" ON "reconciliation_runs" USING btree ((true)) WHERE "reconciliation_runs"."state" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "reconciliation_runs_created_at_idx" ON "reconciliation_runs" USING btree ("created_at" DESC NULLS LAST);