-- A membership's plan amount, stored so the admin list sorts by amount on an index (docs/decisions/035).
-- Adding a column with a constant default rewrites nothing.
ALTER TABLE "memberships" ADD COLUMN "plan_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The one home of the rule: a membership's plan_cents is the amount of its `membership` payment, 0 without
-- one. Every write to `payments` that could change it recomputes it for the membership involved, in the
-- statement that writes the payment (the accept path's one statement included, docs/decisions/016).
CREATE FUNCTION "membership_plan_cents_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected uuid[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD."kind" = 'membership' THEN affected := affected || OLD."record_id"; END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW."kind" = 'membership' THEN affected := affected || NEW."record_id"; END IF;
  END IF;
  UPDATE "memberships" AS m
     SET "plan_cents" = plan."cents"
    FROM (SELECT r."id", coalesce((SELECT max(p."amount_cents") FROM "payments" AS p
                                    WHERE p."kind" = 'membership' AND p."record_id" = r."id"), 0) AS "cents"
            FROM unnest(affected) AS r("id")) AS plan
   WHERE m."id" = plan."id" AND m."plan_cents" <> plan."cents";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only membership payments call it (a donation's or a registration's accept pays nothing for it).
CREATE TRIGGER "payments_membership_plan_cents_insert" AFTER INSERT ON "payments"
  FOR EACH ROW WHEN (NEW."kind" = 'membership') EXECUTE FUNCTION "membership_plan_cents_sync"();--> statement-breakpoint
CREATE TRIGGER "payments_membership_plan_cents_update" AFTER UPDATE OF "kind", "record_id", "amount_cents" ON "payments"
  FOR EACH ROW WHEN (OLD."kind" = 'membership' OR NEW."kind" = 'membership')
  EXECUTE FUNCTION "membership_plan_cents_sync"();--> statement-breakpoint
CREATE TRIGGER "payments_membership_plan_cents_delete" AFTER DELETE ON "payments"
  FOR EACH ROW WHEN (OLD."kind" = 'membership') EXECUTE FUNCTION "membership_plan_cents_sync"();--> statement-breakpoint
-- The memberships that already have a plan.
UPDATE "memberships" AS m SET "plan_cents" = plan."cents"
  FROM (SELECT "record_id", max("amount_cents") AS "cents" FROM "payments" WHERE "kind" = 'membership'
         GROUP BY "record_id") AS plan
 WHERE m."id" = plan."record_id" AND m."plan_cents" <> plan."cents";--> statement-breakpoint
-- Built after the backfill, in one pass. Not CONCURRENTLY: the migrator runs in a transaction. On a large
-- live table, build them by hand first with CREATE INDEX CONCURRENTLY IF NOT EXISTS (the same definitions);
-- IF NOT EXISTS then makes these no-ops (docs/decisions/035).
CREATE INDEX IF NOT EXISTS "memberships_amount_id_idx" ON "memberships" USING btree ((coalesce("plan_cents", 0)::numeric / 100),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_registrations_event_created_at_id_idx" ON "event_registrations" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_payment_ledger_idx" ON "transactions" USING btree ("payment_id","status","amount");--> statement-breakpoint
-- Its first column serves every lookup the old index did.
DROP INDEX IF EXISTS "transactions_payment_id_idx";
