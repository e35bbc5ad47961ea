CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"name" text GENERATED ALWAYS AS ("staff"."first_name" || ' ' || "staff"."last_name") STORED NOT NULL,
	"phone" text,
	"job" text NOT NULL,
	"employment_type" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"pay_rate_kobo" integer,
	"pay_period" text,
	"next_of_kin_name" text,
	"next_of_kin_phone" text,
	"notes" text,
	"member_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "staff_job_check" CHECK ("staff"."job" IN ('farm_manager', 'supervisor', 'herdsman', 'poultry_attendant', 'fish_farm_attendant', 'tractor_operator', 'security', 'casual_labourer', 'other')),
	CONSTRAINT "staff_employment_type_check" CHECK ("staff"."employment_type" IN ('permanent', 'seasonal', 'casual')),
	CONSTRAINT "staff_status_check" CHECK ("staff"."status" IN ('active', 'left')),
	CONSTRAINT "staff_pay_period_check" CHECK ("staff"."pay_period" IN ('day', 'week', 'month')),
	CONSTRAINT "staff_pay_rate_kobo_check" CHECK ("staff"."pay_rate_kobo" >= 0),
	CONSTRAINT "staff_pay_check" CHECK (("staff"."pay_rate_kobo" IS NULL) = ("staff"."pay_period" IS NULL)),
	CONSTRAINT "staff_dates_check" CHECK ("staff"."end_date" >= "staff"."start_date")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_farm_id_status_name_idx" ON "staff" USING btree ("farm_id","status","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_farm_id_member_user_id_idx" ON "staff" USING btree ("farm_id","member_user_id") WHERE "staff"."member_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_member_user_id_idx" ON "staff" USING btree ("member_user_id");