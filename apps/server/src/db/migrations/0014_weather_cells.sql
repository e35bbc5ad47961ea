CREATE TABLE "weather_cells" (
	"key" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"weather" jsonb,
	"fetched_at" timestamp (3) with time zone,
	"tried_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
