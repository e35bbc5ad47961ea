CREATE TABLE "crop_growth_stages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"crop_id" uuid NOT NULL,
	"stage_key" text NOT NULL,
	"start_date" date NOT NULL,
	"observation" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crop_harvests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"crop_id" uuid NOT NULL,
	"date" date NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"kg" numeric(14, 3),
	"grade" text,
	"destination" text NOT NULL,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crop_harvests_unit_check" CHECK ("crop_harvests"."unit" IN ('kg', 'bag_50kg', 'bag_100kg', 'tonne', 'tuber', 'bunch', 'basket', 'crate')),
	CONSTRAINT "crop_harvests_destination_check" CHECK ("crop_harvests"."destination" IN ('stored', 'sold', 'eaten', 'lost')),
	CONSTRAINT "crop_harvests_quantity_check" CHECK ("crop_harvests"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "crop_yield_predictions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"crop_id" uuid NOT NULL,
	"prediction_date" date NOT NULL,
	"predicted_yield" double precision NOT NULL,
	"low" double precision NOT NULL,
	"high" double precision NOT NULL,
	"confidence_score" double precision NOT NULL,
	"factors" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"crop_key" text NOT NULL,
	"variety_key" text,
	"field_id" uuid,
	"area_planted" numeric(12, 3) DEFAULT '1' NOT NULL,
	"season" text NOT NULL,
	"planting_date" date NOT NULL,
	"expected_harvest" date NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"seed_supply_id" uuid,
	"seed_quantity" numeric(14, 3),
	"seed_movement_id" uuid,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "crops_season_check" CHECK ("crops"."season" IN ('main', 'early', 'late', 'dry')),
	CONSTRAINT "crops_status_check" CHECK ("crops"."status" IN ('planned', 'planted', 'growing', 'harvested', 'failed')),
	CONSTRAINT "crops_area_planted_check" CHECK ("crops"."area_planted" > 0)
);
--> statement-breakpoint
CREATE TABLE "planting_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"crop_key" text NOT NULL,
	"zone" text NOT NULL,
	"season" text NOT NULL,
	"recommended_planting_date" date NOT NULL,
	"window_from" date NOT NULL,
	"window_to" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planting_schedules_zone_check" CHECK ("planting_schedules"."zone" IN ('sahel', 'sudan_savanna', 'northern_guinea_savanna', 'southern_guinea_savanna', 'derived_savanna', 'rainforest')),
	CONSTRAINT "planting_schedules_season_check" CHECK ("planting_schedules"."season" IN ('main', 'early', 'late', 'dry'))
);
--> statement-breakpoint
ALTER TABLE "task_series" ADD COLUMN "crop_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "crop_id" uuid;--> statement-breakpoint
ALTER TABLE "crop_growth_stages" ADD CONSTRAINT "crop_growth_stages_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_growth_stages" ADD CONSTRAINT "crop_growth_stages_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_growth_stages" ADD CONSTRAINT "crop_growth_stages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_harvests" ADD CONSTRAINT "crop_harvests_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_harvests" ADD CONSTRAINT "crop_harvests_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_harvests" ADD CONSTRAINT "crop_harvests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_yield_predictions" ADD CONSTRAINT "crop_yield_predictions_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_yield_predictions" ADD CONSTRAINT "crop_yield_predictions_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crops" ADD CONSTRAINT "crops_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crops" ADD CONSTRAINT "crops_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crops" ADD CONSTRAINT "crops_seed_supply_id_supplies_id_fk" FOREIGN KEY ("seed_supply_id") REFERENCES "public"."supplies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planting_schedules" ADD CONSTRAINT "planting_schedules_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crop_growth_stages_crop_id_start_date_idx" ON "crop_growth_stages" USING btree ("crop_id","start_date","id");--> statement-breakpoint
CREATE INDEX "crop_growth_stages_farm_id_start_date_idx" ON "crop_growth_stages" USING btree ("farm_id","start_date","id");--> statement-breakpoint
CREATE INDEX "crop_harvests_crop_id_date_idx" ON "crop_harvests" USING btree ("crop_id","date" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "crop_harvests_farm_id_stored_idx" ON "crop_harvests" USING btree ("farm_id") WHERE "crop_harvests"."destination" = 'stored';--> statement-breakpoint
CREATE INDEX "crop_yield_predictions_crop_id_date_idx" ON "crop_yield_predictions" USING btree ("crop_id","prediction_date" desc,"created_at" desc);--> statement-breakpoint
CREATE INDEX "crop_yield_predictions_farm_id_date_idx" ON "crop_yield_predictions" USING btree ("farm_id","prediction_date" desc,"created_at" desc);--> statement-breakpoint
CREATE INDEX "crops_farm_id_created_at_idx" ON "crops" USING btree ("farm_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "crops_field_id_idx" ON "crops" USING btree ("field_id") WHERE "crops"."field_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "planting_schedules_farm_id_date_idx" ON "planting_schedules" USING btree ("farm_id","recommended_planting_date","id");--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_crop_id_idx" ON "tasks" USING btree ("crop_id","due_date") WHERE "tasks"."crop_id" IS NOT NULL;