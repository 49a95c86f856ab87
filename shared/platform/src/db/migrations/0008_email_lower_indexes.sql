CREATE INDEX "donations_email_lower_idx" ON "donations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "event_registrations_email_lower_idx" ON "event_registrations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "memberships_email_lower_idx" ON "memberships" USING btree (lower("email"));