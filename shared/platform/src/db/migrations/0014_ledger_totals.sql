-- The money the ledger received, kept per payment kind as the ledger is written (docs/decisions/042).
-- The one home of the ledger's sign rule: a received charge or instalment ('completed') adds its amount, a
-- refund the provider made ('refunded', docs/decisions/019) takes it off, anything else (a failed
-- instalment) adds nothing. The summaries and these totals both read it, so they cannot disagree.
CREATE FUNCTION "ledger_signed_cents"("status" text, "amount" integer) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE "status" WHEN 'completed' THEN "amount"::bigint WHEN 'refunded' THEN -"amount"::bigint ELSE 0 END;--> statement-breakpoint
CREATE TABLE "ledger_totals" (
	"payment_kind" text NOT NULL,
	"slot" integer NOT NULL,
	"received_cents" bigint NOT NULL,
	CONSTRAINT "ledger_totals_payment_kind_slot_pk" PRIMARY KEY("payment_kind","slot")
);--> statement-breakpoint
-- A statement's ledger rows, added per kind to its connection's slot as record_counts does (0013): the
-- delta commits or rolls back with the rows. A row's kind is its payment's; 'donation' for the older
-- donation rows without a payment; '' for a row of neither. An update (a deleted donation's id set to
-- null) takes the old rows off and adds the new. The rows come from the trigger's transition tables,
-- which exist only for its own operation, so the source is chosen per operation.
CREATE FUNCTION "ledger_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added constant text := 'SELECT payment_id, donation_id, ledger_signed_cents(status, amount) AS cents FROM new_rows';
  removed constant text := 'SELECT payment_id, donation_id, -ledger_signed_cents(status, amount) AS cents FROM old_rows';
BEGIN
  EXECUTE format($sql$
    WITH changed AS (%s), per_kind AS (
      SELECT coalesce(p.kind, CASE WHEN c.donation_id IS NOT NULL THEN 'donation' ELSE '' END) AS kind,
             sum(c.cents) AS cents
        FROM changed c LEFT JOIN payments p ON p.id = c.payment_id
       GROUP BY 1
    )
    INSERT INTO ledger_totals (payment_kind, slot, received_cents)
    SELECT kind, pg_backend_pid() %% 16, cents FROM per_kind WHERE cents <> 0
    ON CONFLICT (payment_kind, slot) DO UPDATE SET received_cents = ledger_totals.received_cents + excluded.received_cents
  $sql$, CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ledger_totals";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_total_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_add"();--> statement-breakpoint
CREATE TRIGGER "transactions_total_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_add"();--> statement-breakpoint
CREATE TRIGGER "transactions_total_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_add"();--> statement-breakpoint
CREATE TRIGGER "transactions_total_truncate" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_reset"();--> statement-breakpoint
-- The rows already there. The triggers above lock the ledger against writes until this migration commits,
-- so no row is counted twice or missed.
INSERT INTO "ledger_totals" ("payment_kind", "slot", "received_cents")
SELECT coalesce(p."kind", CASE WHEN t."donation_id" IS NOT NULL THEN 'donation' ELSE '' END), 0,
       sum("ledger_signed_cents"(t."status", t."amount"))
  FROM "transactions" t LEFT JOIN "payments" p ON p."id" = t."payment_id"
 GROUP BY 1;
