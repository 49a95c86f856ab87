CREATE TABLE "event_places" (
	"event_id" uuid NOT NULL,
	"tier_id" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_places_event_id_tier_id_pk" PRIMARY KEY("event_id","tier_id"),
	CONSTRAINT "event_places_within_capacity" CHECK ("event_places"."taken" >= 0 AND "event_places"."taken" <= "event_places"."capacity")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slug_redirects" (
	"kind" text NOT NULL,
	"old_slug" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slug_redirects_kind_old_slug_pk" PRIMARY KEY("kind","old_slug"),
	CONSTRAINT "slug_redirects_kind_known" CHECK (kind IN ('news', 'event'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "place_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_places" ADD CONSTRAINT "event_places_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "slug_redirects_target_idx" ON "slug_redirects" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "event_registrations_place_held_until_idx" ON "event_registrations" USING btree ("place_held_until") WHERE "event_registrations"."place_held_until" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_status_known" CHECK (status IN ('draft', 'published', 'cancelled'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" IS NULL OR "events"."capacity" > 0);--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_status_known" CHECK (status IN ('draft', 'published'));