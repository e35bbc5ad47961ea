CREATE TABLE "soil_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"sample_date" date NOT NULL,
	"ph" double precision,
	"organic_carbon_percent" double precision,
	"nitrogen_percent" double precision,
	"phosphorus_mg_kg" double precision,
	"potassium_cmol_kg" double precision,
	"ec_ds_m" double precision,
	"texture" text,
	"lab" text,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "soil_records_texture_check" CHECK ("soil_records"."texture" IN ('sandy', 'sandy_loam', 'loam', 'clay_loam', 'clay', 'silt', 'other'))
);
--> statement-breakpoint
ALTER TABLE "soil_records" ADD CONSTRAINT "soil_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soil_records" ADD CONSTRAINT "soil_records_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soil_records" ADD CONSTRAINT "soil_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "soil_records_field_id_date_idx" ON "soil_records" USING btree ("field_id","sample_date" desc,"id" desc);