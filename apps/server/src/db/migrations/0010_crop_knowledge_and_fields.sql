CREATE TABLE "knowledge_crop_calendars" (
	"crop_key" text NOT NULL,
	"zone" text NOT NULL,
	"season" text NOT NULL,
	"plant_from" text NOT NULL,
	"plant_to" text NOT NULL,
	"source_key" text NOT NULL,
	CONSTRAINT "knowledge_crop_calendars_crop_key_zone_season_pk" PRIMARY KEY("crop_key","zone","season"),
	CONSTRAINT "knowledge_crop_calendars_zone_check" CHECK ("knowledge_crop_calendars"."zone" IN ('sahel', 'sudan_savanna', 'northern_guinea_savanna', 'southern_guinea_savanna', 'derived_savanna', 'rainforest')),
	CONSTRAINT "knowledge_crop_calendars_season_check" CHECK ("knowledge_crop_calendars"."season" IN ('main', 'early', 'late', 'dry'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_crop_varieties" (
	"crop_key" text NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"maturity_days" integer NOT NULL,
	"notes" text,
	"source_key" text NOT NULL,
	CONSTRAINT "knowledge_crop_varieties_crop_key_key_pk" PRIMARY KEY("crop_key","key")
);
--> statement-breakpoint
CREATE TABLE "knowledge_crops" (
	"key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"local_names" jsonb NOT NULL,
	"category" text NOT NULL,
	"maturity_min" integer NOT NULL,
	"maturity_max" integer NOT NULL,
	"harvest_unit" text NOT NULL,
	"stages" jsonb NOT NULL,
	"practice" jsonb NOT NULL,
	"yield_national_t_ha" double precision NOT NULL,
	"yield_improved_t_ha" double precision NOT NULL,
	"source_key" text NOT NULL,
	CONSTRAINT "knowledge_crops_category_check" CHECK ("knowledge_crops"."category" IN ('cereal', 'legume', 'root_tuber', 'vegetable', 'fruit', 'oilseed'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_zones" (
	"state" text PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"note" text,
	"source_key" text NOT NULL,
	CONSTRAINT "knowledge_zones_zone_check" CHECK ("knowledge_zones"."zone" IN ('sahel', 'sudan_savanna', 'northern_guinea_savanna', 'southern_guinea_savanna', 'derived_savanna', 'rainforest'))
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"area_ha" numeric(12, 4),
	"area_source" text DEFAULT 'typed' NOT NULL,
	"boundary" jsonb,
	"tenure" text,
	"rent_kobo" integer,
	"irrigation" text,
	"soil_type" text,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fields_area_source_check" CHECK ("fields"."area_source" IN ('typed', 'drawn')),
	CONSTRAINT "fields_tenure_check" CHECK ("fields"."tenure" IN ('owned', 'rented', 'family', 'communal')),
	CONSTRAINT "fields_irrigation_check" CHECK ("fields"."irrigation" IN ('rainfed', 'irrigated', 'partly_irrigated')),
	CONSTRAINT "fields_soil_type_check" CHECK ("fields"."soil_type" IN ('sandy', 'sandy_loam', 'loam', 'clay_loam', 'clay', 'silt', 'other')),
	CONSTRAINT "fields_area_ha_check" CHECK ("fields"."area_ha" IS NULL OR "fields"."area_ha" > 0)
);
--> statement-breakpoint
ALTER TABLE "knowledge_crop_calendars" ADD CONSTRAINT "knowledge_crop_calendars_crop_key_knowledge_crops_key_fk" FOREIGN KEY ("crop_key") REFERENCES "public"."knowledge_crops"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_crop_calendars" ADD CONSTRAINT "knowledge_crop_calendars_source_key_knowledge_sources_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_crop_varieties" ADD CONSTRAINT "knowledge_crop_varieties_crop_key_knowledge_crops_key_fk" FOREIGN KEY ("crop_key") REFERENCES "public"."knowledge_crops"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_crop_varieties" ADD CONSTRAINT "knowledge_crop_varieties_source_key_knowledge_sources_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_crops" ADD CONSTRAINT "knowledge_crops_source_key_knowledge_sources_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_zones" ADD CONSTRAINT "knowledge_zones_source_key_knowledge_sources_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fields_farm_id_created_at_idx" ON "fields" USING btree ("farm_id","created_at" desc,"id" desc);