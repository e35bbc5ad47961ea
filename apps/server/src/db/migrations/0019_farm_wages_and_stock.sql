CREATE TABLE "attendance" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_status_check" CHECK ("attendance"."status" IN ('present', 'half_day', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "casual_labour" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"date" date NOT NULL,
	"headcount" integer NOT NULL,
	"rate_kobo" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"description" text,
	"crop_id" uuid,
	"animal_id" uuid,
	"pay_run_id" uuid,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casual_labour_headcount_check" CHECK ("casual_labour"."headcount" > 0),
	CONSTRAINT "casual_labour_rate_kobo_check" CHECK ("casual_labour"."rate_kobo" > 0),
	CONSTRAINT "casual_labour_amount_kobo_check" CHECK ("casual_labour"."amount_kobo" = "casual_labour"."headcount" * "casual_labour"."rate_kobo"),
	CONSTRAINT "casual_labour_one_enterprise_check" CHECK ("casual_labour"."crop_id" IS NULL OR "casual_labour"."animal_id" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "pay_run_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"pay_run_id" uuid NOT NULL,
	"staff_id" uuid,
	"casual_labour_id" uuid,
	"name" text NOT NULL,
	"days_present" integer DEFAULT 0 NOT NULL,
	"half_days" integer DEFAULT 0 NOT NULL,
	"days_absent" integer DEFAULT 0 NOT NULL,
	"computed_kobo" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"note" text,
	CONSTRAINT "pay_run_lines_amount_kobo_check" CHECK ("pay_run_lines"."amount_kobo" >= 0 AND "pay_run_lines"."computed_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pay_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"paid_on" date,
	"payment_method" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pay_runs_status_check" CHECK ("pay_runs"."status" IN ('draft', 'paid')),
	CONSTRAINT "pay_runs_payment_method_check" CHECK ("pay_runs"."payment_method" IN ('cash', 'bank_transfer', 'pos', 'mobile_money')),
	CONSTRAINT "pay_runs_period_check" CHECK ("pay_runs"."period_end" >= "pay_runs"."period_start"),
	CONSTRAINT "pay_runs_paid_check" CHECK (("pay_runs"."status" = 'paid') = ("pay_runs"."paid_on" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "recurring_expenses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"description" text,
	"paid_to" text,
	"payment_method" text NOT NULL,
	"crop_id" uuid,
	"animal_id" uuid,
	"rrule" text NOT NULL,
	"starts_on" date NOT NULL,
	"written_through" date,
	"stopped" boolean DEFAULT false NOT NULL,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "recurring_expenses_category_check" CHECK ("recurring_expenses"."category" IN ('seeds', 'fertilizer', 'agrochemicals', 'feed', 'veterinary', 'labour', 'fuel', 'equipment', 'transport', 'land_rent', 'utilities', 'loan_repayment', 'other')),
	CONSTRAINT "recurring_expenses_payment_method_check" CHECK ("recurring_expenses"."payment_method" IN ('cash', 'bank_transfer', 'pos', 'mobile_money')),
	CONSTRAINT "recurring_expenses_amount_kobo_check" CHECK ("recurring_expenses"."amount_kobo" > 0),
	CONSTRAINT "recurring_expenses_one_enterprise_check" CHECK ("recurring_expenses"."crop_id" IS NULL OR "recurring_expenses"."animal_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "paid_on" date;--> statement-breakpoint
UPDATE "expenses" SET "paid_on" = "date";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurring_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "pay_run_line_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "stock_kind" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "stock_crop_key" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "stock_quantity" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "livestock_event_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reminded_on" date;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casual_labour" ADD CONSTRAINT "casual_labour_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casual_labour" ADD CONSTRAINT "casual_labour_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casual_labour" ADD CONSTRAINT "casual_labour_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casual_labour" ADD CONSTRAINT "casual_labour_pay_run_id_pay_runs_id_fk" FOREIGN KEY ("pay_run_id") REFERENCES "public"."pay_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casual_labour" ADD CONSTRAINT "casual_labour_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_pay_run_id_pay_runs_id_fk" FOREIGN KEY ("pay_run_id") REFERENCES "public"."pay_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_lines" ADD CONSTRAINT "pay_run_lines_casual_labour_id_casual_labour_id_fk" FOREIGN KEY ("casual_labour_id") REFERENCES "public"."casual_labour"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_staff_id_date_idx" ON "attendance" USING btree ("staff_id","date");--> statement-breakpoint
CREATE INDEX "attendance_farm_id_date_idx" ON "attendance" USING btree ("farm_id","date","staff_id","status");--> statement-breakpoint
CREATE INDEX "casual_labour_farm_id_date_idx" ON "casual_labour" USING btree ("farm_id","date","id");--> statement-breakpoint
CREATE INDEX "casual_labour_pay_run_id_idx" ON "casual_labour" USING btree ("pay_run_id");--> statement-breakpoint
CREATE INDEX "pay_run_lines_pay_run_id_idx" ON "pay_run_lines" USING btree ("pay_run_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_run_lines_run_staff_idx" ON "pay_run_lines" USING btree ("pay_run_id","staff_id") WHERE "pay_run_lines"."staff_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "pay_runs_farm_id_period_idx" ON "pay_runs" USING btree ("farm_id","period_start" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "recurring_expenses_farm_id_idx" ON "recurring_expenses" USING btree ("farm_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_expenses_running_idx" ON "recurring_expenses" USING btree ("written_through") WHERE NOT "recurring_expenses"."stopped";--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_recurring_id_date_idx" ON "expenses" USING btree ("recurring_id","date") WHERE "expenses"."recurring_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_pay_run_line_id_idx" ON "expenses" USING btree ("pay_run_line_id") WHERE "expenses"."pay_run_line_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "expenses_farm_id_unpaid_idx" ON "expenses" USING btree ("farm_id","due_date") WHERE "expenses"."paid_on" IS NULL;--> statement-breakpoint
CREATE INDEX "expenses_farm_id_paid_on_idx" ON "expenses" USING btree ("farm_id","paid_on","amount_kobo") WHERE "expenses"."paid_on" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_farm_id_stock_idx" ON "sales" USING btree ("farm_id","stock_kind","stock_crop_key","stock_quantity") WHERE "sales"."stock_kind" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_stock_kind_check" CHECK ("sales"."stock_kind" IN ('harvest', 'eggs'));--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_stock_check" CHECK (("sales"."stock_kind" IS NULL) = ("sales"."stock_quantity" IS NULL) AND ("sales"."stock_quantity" IS NULL OR "sales"."stock_quantity" > 0) AND (("sales"."stock_kind" = 'harvest') = ("sales"."stock_crop_key" IS NOT NULL)));