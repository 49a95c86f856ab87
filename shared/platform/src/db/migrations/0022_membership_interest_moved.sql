-- Membership applications are counted like the record tables (migration 0013, docs/decisions/035), so the
-- admin list's total under their filter is read from record_counts, not counted.
CREATE TRIGGER "membership_applications_count_insert" AFTER INSERT ON "membership_applications"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_add"();--> statement-breakpoint
CREATE TRIGGER "membership_applications_count_delete" AFTER DELETE ON "membership_applications"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_add"();--> statement-breakpoint
CREATE TRIGGER "membership_applications_count_truncate" AFTER TRUNCATE ON "membership_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_reset"();--> statement-breakpoint
-- The home page's applications stored as memberships before they had a kind of their own
-- (docs/decisions/051-membership-interest.md). A real membership is written by the membership payment
-- route only, in one statement with its waiver (waiver_accepted true) and its payments row; an
-- application has neither, and so no plan amount, no provider id and no e-mail about it. Each such row
-- moves, keeping its id (an idempotent replay of its form answers that id): a pending one as `new`, one an
-- admin confirmed as `reviewed`. The delete trigger of memberships takes them off its kept count.
WITH "moved" AS (
  DELETE FROM "memberships" AS m
   WHERE m."waiver_accepted" = false
     AND m."plan_cents" = 0
     AND m."pay_theory_payment_id" IS NULL
     AND NOT EXISTS (SELECT 1 FROM "payments" AS p WHERE p."kind" = 'membership' AND p."record_id" = m."id")
     AND NOT EXISTS (SELECT 1 FROM "outbound_emails" AS e WHERE e."subject_id" = m."id")
  RETURNING m.*
)
INSERT INTO "membership_applications"
  ("id", "first_name", "last_name", "email", "phone", "message", "payment_method", "status", "created_at")
SELECT "id", coalesce("first_name", ''), coalesce("last_name", ''), "email", "phone", "message", "payment_method",
       CASE WHEN "status" = 'pending' THEN 'new' ELSE 'reviewed' END, "created_at"
  FROM "moved";
