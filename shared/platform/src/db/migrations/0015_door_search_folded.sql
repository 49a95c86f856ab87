-- Check-in at the door finds "José" by "Jose" (docs/decisions/034). unaccent is a trusted extension, as
-- pg_trgm is (0011). unaccent() is STABLE (its dictionary could be changed); with the dictionary named,
-- as here, its answer for a text never changes, so this wrapper is IMMUTABLE and an index can hold it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION "fold_accents"("text" text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, "text");--> statement-breakpoint
CREATE INDEX "event_registrations_folded_search_trgm_idx" ON "event_registrations" USING gin (fold_accents(lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || E'\n' || coalesce("last_name", '') || ' ' || coalesce("first_name", '') || E'\n' || "email" || E'\n' || coalesce("phone", '') || E'\n' || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') || E'\n' || coalesce("pay_theory_payment_id", '') || E'\n' || '')) gin_trgm_ops);--> statement-breakpoint
-- (event_id, created_at, id), added in 0012, serves every lookup by event alone: this one only cost writes.
DROP INDEX "event_registrations_event_id_idx";
