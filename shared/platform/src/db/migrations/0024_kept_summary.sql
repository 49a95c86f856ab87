-- The summary cards over every record, kept as the records are written (docs/decisions/052): each record
-- table's rows per stored status (record_status_counts, in slots as record_counts, 0013), and the people behind
-- the counted records (people_counts per lower-cased address, people_totals the addresses counted above 0).
--
-- Which records a card counts. The TypeScript constant COUNTED_STATUSES (api/src/features/admin/
-- contributors.service.ts) is the rule's home; this function repeats it for the triggers, and
-- api/src/features/admin/kept-summary.int.test.ts fails when the two disagree. Contributions: gifts that went
-- through; Memberships: active ones; every registration; a membership application never.
CREATE FUNCTION "summary_counted"("table_name" text, "status" text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE "table_name"
    WHEN 'donations' THEN "status" IN ('completed', 'confirmed', 'cancelled')
    WHEN 'memberships' THEN "status" = 'active'
    WHEN 'event_registrations' THEN true
    ELSE false
  END;--> statement-breakpoint
-- A statement's inserted, updated or deleted records: each status's delta added to the connection's slot, and
-- each counted address's delta to its row of people_counts. The upsert returns each address's count after the
-- delta (the row is locked, so a concurrent writer of the same address waits and then adds to this one's), so
-- count - delta is the count before: an address that went from 0 to above adds a person, one that went back to
-- 0 takes one off. Addresses are written in order, so two statements sharing addresses cannot deadlock on them.
-- The rows come from the trigger's transition tables, which exist only for its own operation (as in 0014).
CREATE FUNCTION "kept_summary_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added constant text := 'SELECT status, lower(email) AS email, 1 AS n FROM new_rows';
  removed constant text := 'SELECT status, lower(email) AS email, -1 AS n FROM old_rows';
BEGIN
  EXECUTE format($sql$
    WITH changed AS (%1$s), per_status AS (
      SELECT status, sum(n) AS n FROM changed GROUP BY status
    ), status_counts AS (
      INSERT INTO record_status_counts (table_name, status, slot, row_count)
      SELECT %2$L, status, pg_backend_pid() %% 16, n FROM per_status WHERE n <> 0
      ON CONFLICT (table_name, status, slot) DO UPDATE SET row_count = record_status_counts.row_count + excluded.row_count
    ), per_email AS (
      SELECT email, sum(n) AS n FROM changed WHERE summary_counted(%2$L, status) GROUP BY email HAVING sum(n) <> 0
    ), counted AS (
      INSERT INTO people_counts (email, record_count)
      SELECT email, n FROM per_email ORDER BY email
      ON CONFLICT (email) DO UPDATE SET record_count = people_counts.record_count + excluded.record_count
      RETURNING email, record_count
    ), crossed AS (
      SELECT sum(CASE WHEN c.record_count > 0 AND c.record_count - e.n <= 0 THEN 1
                      WHEN c.record_count <= 0 AND c.record_count - e.n > 0 THEN -1
                      ELSE 0 END) AS people
        FROM counted c JOIN per_email e ON e.email = c.email
    )
    INSERT INTO people_totals (slot, people)
    SELECT pg_backend_pid() %% 16, people FROM crossed WHERE people <> 0
    ON CONFLICT (slot) DO UPDATE SET people = people_totals.people + excluded.people
  $sql$, CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END,
    TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every kept figure counted again from the records: the backfill below, and after a TRUNCATE of a record table
-- (the people span the three tables, so they are recounted whole).
CREATE FUNCTION "kept_summary_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM record_status_counts;
  DELETE FROM people_counts;
  DELETE FROM people_totals;
  INSERT INTO record_status_counts (table_name, status, slot, row_count)
  SELECT 'donations', status, 0, count(*) FROM donations GROUP BY status
  UNION ALL SELECT 'memberships', status, 0, count(*) FROM memberships GROUP BY status
  UNION ALL SELECT 'event_registrations', status, 0, count(*) FROM event_registrations GROUP BY status;
  INSERT INTO people_counts (email, record_count)
  SELECT email, count(*) FROM (
    SELECT lower(email) AS email FROM donations WHERE summary_counted('donations', status)
    UNION ALL SELECT lower(email) FROM memberships WHERE summary_counted('memberships', status)
    UNION ALL SELECT lower(email) FROM event_registrations WHERE summary_counted('event_registrations', status)
  ) AS counted GROUP BY email;
  INSERT INTO people_totals (slot, people) SELECT 0, count(*) FROM people_counts WHERE record_count > 0;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_summary_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kept_summary_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "donations_summary_insert" AFTER INSERT ON "donations" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "donations_summary_update" AFTER UPDATE ON "donations"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "donations_summary_delete" AFTER DELETE ON "donations" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "donations_summary_truncate" AFTER TRUNCATE ON "donations"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_reset"();--> statement-breakpoint
CREATE TRIGGER "memberships_summary_insert" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "memberships_summary_update" AFTER UPDATE ON "memberships"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "memberships_summary_delete" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "memberships_summary_truncate" AFTER TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_reset"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_summary_insert" AFTER INSERT ON "event_registrations"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_summary_update" AFTER UPDATE ON "event_registrations"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_summary_delete" AFTER DELETE ON "event_registrations"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_add"();--> statement-breakpoint
CREATE TRIGGER "event_registrations_summary_truncate" AFTER TRUNCATE ON "event_registrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "kept_summary_reset"();--> statement-breakpoint
-- The rows already there. The triggers above lock their tables against writes until this migration commits,
-- so no record is counted twice or missed.
SELECT kept_summary_rebuild();
