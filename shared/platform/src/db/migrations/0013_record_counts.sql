-- How many rows each record table holds, exact and read in microseconds (docs/decisions/035).
CREATE TABLE "record_counts" (
	"table_name" text NOT NULL,
	"slot" integer NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "record_counts_table_name_slot_pk" PRIMARY KEY("table_name","slot")
);--> statement-breakpoint
-- A transaction's inserted or deleted records, added to its connection's slot: concurrent writers on other
-- connections touch other rows, and the delta commits or rolls back with the records themselves.
CREATE FUNCTION "record_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM "inserted_rows";
  ELSE
    SELECT -count(*) INTO delta FROM "deleted_rows";
  END IF;
  IF delta <> 0 THEN
    INSERT INTO "record_counts" ("table_name", "slot", "row_count")
    VALUES (TG_TABLE_NAME, pg_backend_pid() % 16, delta)
    ON CONFLICT ("table_name", "slot") DO UPDATE SET "row_count" = "record_counts"."row_count" + excluded."row_count";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "record_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "record_counts" WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "donations_count_insert" AFTER INSERT ON "donations" REFERENCING NEW TABLE AS "inserted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_add"();--> statement-breakpoint
CREATE TRIGGER "donations_count_delete" AFTER DELETE ON "donations" REFERENCING OLD TABLE AS "deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_add"();--> statement-breakpoint
CREATE TRIGGER "donations_count_truncate" AFTER TRUNCATE ON "donations"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_reset"();--> statement-breakpoint
CREATE TRIGGER "memberships_count_insert" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS "inserted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_add"();--> statement-breakpoint
CREATE TRIGGER "memberships_count_delete" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS "deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_add"();--> statement-breakpoint
CREATE TRIGGER "memberships_count_truncate" AFTER TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_reset"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_count_insert" AFTER INSERT ON "event_registrations" REFERENCING NEW TABLE AS "inserted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_add"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_count_delete" AFTER DELETE ON "event_registrations" REFERENCING OLD TABLE AS "deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_add"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_count_truncate" AFTER TRUNCATE ON "event_registrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_reset"();--> statement-breakpoint
-- The rows already there. The triggers above lock their tables against writes until this migration commits,
-- so no record is counted twice or missed.
INSERT INTO "record_counts" ("table_name", "slot", "row_count")
SELECT 'donations', 0, count(*) FROM "donations"
UNION ALL SELECT 'memberships', 0, count(*) FROM "memberships"
UNION ALL SELECT 'event_registrations', 0, count(*) FROM "event_registrations";
