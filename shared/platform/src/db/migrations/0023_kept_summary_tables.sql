CREATE TABLE "people_counts" (
	"email" text PRIMARY KEY NOT NULL,
	"record_count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people_totals" (
	"slot" integer PRIMARY KEY NOT NULL,
	"people" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_status_counts" (
	"table_name" text NOT NULL,
	"status" text NOT NULL,
	"slot" integer NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "record_status_counts_table_name_status_slot_pk" PRIMARY KEY("table_name","status","slot")
);
