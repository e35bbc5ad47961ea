ALTER TABLE "planting_schedules" ADD COLUMN "calendar_date" date;--> statement-breakpoint
ALTER TABLE "planting_schedules" ADD COLUMN "onset_date" date;--> statement-breakpoint
ALTER TABLE "planting_schedules" ADD COLUMN "onset_confirmed" boolean;--> statement-breakpoint
ALTER TABLE "weather_cells" ADD COLUMN "rain_normals" jsonb;--> statement-breakpoint
ALTER TABLE "weather_cells" ADD COLUMN "normals_fetched_at" timestamp (3) with time zone;