CREATE TABLE "livestock" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"species" text NOT NULL,
	"breed" text,
	"name" text,
	"tag" text,
	"sex" text,
	"date_of_birth" date,
	"age_at_acquisition" integer,
	"age_unit" text,
	"dam" text,
	"sire" text,
	"purpose" text,
	"housing" text,
	"location" text,
	"acquisition" text NOT NULL,
	"acquired_on" date,
	"price_kobo" integer,
	"seller" text,
	"status" text DEFAULT 'active' NOT NULL,
	"head_count" integer DEFAULT 0 NOT NULL,
	"withdrawal_until" date,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "livestock_head_count_check" CHECK ("livestock"."head_count" >= 0),
	CONSTRAINT "livestock_price_kobo_check" CHECK ("livestock"."price_kobo" >= 0),
	CONSTRAINT "livestock_kind_check" CHECK ("livestock"."kind" IN ('individual', 'group')),
	CONSTRAINT "livestock_species_check" CHECK ("livestock"."species" IN ('chicken_broiler', 'chicken_layer', 'chicken_noiler', 'chicken_cockerel', 'turkey', 'duck', 'guinea_fowl', 'rabbit', 'catfish', 'tilapia', 'cattle', 'goat', 'sheep', 'pig', 'other')),
	CONSTRAINT "livestock_sex_check" CHECK ("livestock"."sex" IN ('female', 'male', 'unknown')),
	CONSTRAINT "livestock_age_unit_check" CHECK ("livestock"."age_unit" IN ('days', 'weeks', 'months', 'years')),
	CONSTRAINT "livestock_purpose_check" CHECK ("livestock"."purpose" IN ('meat', 'eggs', 'milk', 'breeding', 'fingerlings', 'other')),
	CONSTRAINT "livestock_housing_check" CHECK ("livestock"."housing" IN ('pen', 'house', 'cage', 'pond', 'tank', 'paddock', 'free_range', 'other')),
	CONSTRAINT "livestock_acquisition_check" CHECK ("livestock"."acquisition" IN ('born_on_farm', 'bought')),
	CONSTRAINT "livestock_status_check" CHECK ("livestock"."status" IN ('active', 'sold', 'died', 'slaughtered', 'culled'))
);
--> statement-breakpoint
CREATE TABLE "livestock_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"change" integer NOT NULL,
	"head_count_after" integer NOT NULL,
	"cause" text,
	"other_animal_id" uuid,
	"other_animal_name" text,
	"price_kobo" integer,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livestock_events_kind_check" CHECK ("livestock_events"."kind" IN ('mortality', 'birth', 'purchase', 'sale', 'slaughter', 'cull', 'transfer_out', 'transfer_in')),
	CONSTRAINT "livestock_events_head_count_after_check" CHECK ("livestock_events"."head_count_after" >= 0),
	CONSTRAINT "livestock_events_price_kobo_check" CHECK ("livestock_events"."price_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "livestock_growth_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	"date" date NOT NULL,
	"weight_kg" numeric(14, 3) NOT NULL,
	"count_weighed" integer,
	"body_condition_score" integer,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livestock_growth_logs_weight_kg_check" CHECK ("livestock_growth_logs"."weight_kg" > 0),
	CONSTRAINT "livestock_growth_logs_count_weighed_check" CHECK ("livestock_growth_logs"."count_weighed" > 0),
	CONSTRAINT "livestock_growth_logs_body_condition_score_check" CHECK ("livestock_growth_logs"."body_condition_score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "livestock_health_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"condition" text,
	"product_name" text,
	"supply_id" uuid,
	"movement_id" uuid,
	"quantity_used" numeric(14, 3),
	"unit" text,
	"dose" text,
	"route" text,
	"given_by" text,
	"vet" text,
	"cost_kobo" integer,
	"withdrawal_days" integer,
	"withdrawal_until" date,
	"next_due_date" date,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livestock_health_records_kind_check" CHECK ("livestock_health_records"."kind" IN ('vaccination', 'treatment', 'deworming', 'illness', 'checkup')),
	CONSTRAINT "livestock_health_records_route_check" CHECK ("livestock_health_records"."route" IN ('drinking_water', 'eye_drop', 'nasal', 'oral', 'in_feed', 'injection_im', 'injection_sc', 'wing_web', 'spray', 'topical', 'other')),
	CONSTRAINT "livestock_health_records_cost_kobo_check" CHECK ("livestock_health_records"."cost_kobo" >= 0),
	CONSTRAINT "livestock_health_records_withdrawal_days_check" CHECK ("livestock_health_records"."withdrawal_days" >= 0),
	CONSTRAINT "livestock_health_records_quantity_used_check" CHECK ("livestock_health_records"."quantity_used" > 0)
);
--> statement-breakpoint
CREATE TABLE "livestock_production" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	"date" date NOT NULL,
	"eggs_collected" integer,
	"eggs_cracked" integer,
	"milk_litres" numeric(14, 3),
	"fish_count" integer,
	"fish_kg" numeric(14, 3),
	"feed_supply_id" uuid,
	"feed_name" text,
	"feed_quantity" numeric(14, 3),
	"feed_unit" text,
	"movement_id" uuid,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livestock_production_eggs_check" CHECK ("livestock_production"."eggs_cracked" <= "livestock_production"."eggs_collected"),
	CONSTRAINT "livestock_production_eggs_collected_check" CHECK ("livestock_production"."eggs_collected" >= 0),
	CONSTRAINT "livestock_production_fish_count_check" CHECK ("livestock_production"."fish_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "livestock" ADD CONSTRAINT "livestock_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_events" ADD CONSTRAINT "livestock_events_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_events" ADD CONSTRAINT "livestock_events_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_events" ADD CONSTRAINT "livestock_events_other_animal_id_livestock_id_fk" FOREIGN KEY ("other_animal_id") REFERENCES "public"."livestock"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_events" ADD CONSTRAINT "livestock_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_growth_logs" ADD CONSTRAINT "livestock_growth_logs_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_growth_logs" ADD CONSTRAINT "livestock_growth_logs_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_growth_logs" ADD CONSTRAINT "livestock_growth_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_health_records" ADD CONSTRAINT "livestock_health_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_health_records" ADD CONSTRAINT "livestock_health_records_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_health_records" ADD CONSTRAINT "livestock_health_records_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_health_records" ADD CONSTRAINT "livestock_health_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_production" ADD CONSTRAINT "livestock_production_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_production" ADD CONSTRAINT "livestock_production_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_production" ADD CONSTRAINT "livestock_production_feed_supply_id_supplies_id_fk" FOREIGN KEY ("feed_supply_id") REFERENCES "public"."supplies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livestock_production" ADD CONSTRAINT "livestock_production_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "livestock_farm_id_created_at_idx" ON "livestock" USING btree ("farm_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "livestock_farm_id_status_species_idx" ON "livestock" USING btree ("farm_id","status","species","head_count");--> statement-breakpoint
CREATE INDEX "livestock_events_animal_date_idx" ON "livestock_events" USING btree ("farm_id","animal_id","date" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "livestock_events_farm_kind_date_idx" ON "livestock_events" USING btree ("farm_id","kind","date","change");--> statement-breakpoint
CREATE INDEX "livestock_growth_logs_animal_date_idx" ON "livestock_growth_logs" USING btree ("farm_id","animal_id","date" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "livestock_health_records_animal_date_idx" ON "livestock_health_records" USING btree ("farm_id","animal_id","date" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "livestock_health_records_supply_id_idx" ON "livestock_health_records" USING btree ("supply_id");--> statement-breakpoint
CREATE INDEX "livestock_production_animal_date_idx" ON "livestock_production" USING btree ("farm_id","animal_id","date" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "livestock_production_farm_date_idx" ON "livestock_production" USING btree ("farm_id","date","eggs_collected");--> statement-breakpoint
CREATE INDEX "livestock_production_feed_supply_id_idx" ON "livestock_production" USING btree ("feed_supply_id");