CREATE TABLE "expense_allocations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"crop_id" uuid,
	"animal_id" uuid,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "expense_allocations_amount_kobo_check" CHECK ("expense_allocations"."amount_kobo" >= 0),
	CONSTRAINT "expense_allocations_one_enterprise_check" CHECK ("expense_allocations"."crop_id" IS NULL OR "expense_allocations"."animal_id" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"description" text,
	"supplier_id" uuid,
	"paid_to" text,
	"payment_method" text NOT NULL,
	"notes" text,
	"movement_id" uuid,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "expenses_category_check" CHECK ("expenses"."category" IN ('seeds', 'fertilizer', 'agrochemicals', 'feed', 'veterinary', 'labour', 'fuel', 'equipment', 'transport', 'land_rent', 'utilities', 'loan_repayment', 'other')),
	CONSTRAINT "expenses_payment_method_check" CHECK ("expenses"."payment_method" IN ('cash', 'bank_transfer', 'pos', 'mobile_money')),
	CONSTRAINT "expenses_amount_kobo_check" CHECK ("expenses"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"method" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_payments_method_check" CHECK ("sale_payments"."method" IN ('cash', 'bank_transfer', 'pos', 'mobile_money')),
	CONSTRAINT "sale_payments_amount_kobo_check" CHECK ("sale_payments"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"date" date NOT NULL,
	"buyer_name" text,
	"buyer_phone" text,
	"product" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price_kobo" bigint,
	"amount_kobo" bigint NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	"due_date" date,
	"crop_id" uuid,
	"animal_id" uuid,
	"source" text DEFAULT 'manual' NOT NULL,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sales_unit_check" CHECK ("sales"."unit" IN ('kg', 'bag_50kg', 'bag_100kg', 'tonne', 'basket', 'tuber', 'bunch', 'crate', 'head', 'litre', 'piece')),
	CONSTRAINT "sales_source_check" CHECK ("sales"."source" IN ('manual', 'marketplace')),
	CONSTRAINT "sales_amount_kobo_check" CHECK ("sales"."amount_kobo" > 0),
	CONSTRAINT "sales_paid_kobo_check" CHECK ("sales"."paid_kobo" >= 0 AND "sales"."paid_kobo" <= "sales"."amount_kobo"),
	CONSTRAINT "sales_quantity_check" CHECK ("sales"."quantity" > 0),
	CONSTRAINT "sales_one_enterprise_check" CHECK ("sales"."crop_id" IS NULL OR "sales"."animal_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "expense_allocations" ADD CONSTRAINT "expense_allocations_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_allocations" ADD CONSTRAINT "expense_allocations_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_allocations" ADD CONSTRAINT "expense_allocations_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_allocations" ADD CONSTRAINT "expense_allocations_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_allocations_expense_id_idx" ON "expense_allocations" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "expense_allocations_farm_date_idx" ON "expense_allocations" USING btree ("farm_id","date","crop_id","animal_id","category","amount_kobo");--> statement-breakpoint
CREATE INDEX "expense_allocations_crop_id_idx" ON "expense_allocations" USING btree ("crop_id") WHERE "expense_allocations"."crop_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "expense_allocations_animal_id_idx" ON "expense_allocations" USING btree ("animal_id") WHERE "expense_allocations"."animal_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "expenses_farm_id_date_idx" ON "expenses" USING btree ("farm_id","date" desc,"id" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_movement_id_idx" ON "expenses" USING btree ("movement_id") WHERE "expenses"."movement_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sale_payments_sale_id_idx" ON "sale_payments" USING btree ("sale_id","date");--> statement-breakpoint
CREATE INDEX "sale_payments_farm_date_idx" ON "sale_payments" USING btree ("farm_id","date","amount_kobo");--> statement-breakpoint
CREATE INDEX "sales_farm_id_date_idx" ON "sales" USING btree ("farm_id","date" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "sales_farm_date_enterprise_idx" ON "sales" USING btree ("farm_id","date","crop_id","animal_id","amount_kobo");--> statement-breakpoint
CREATE INDEX "sales_farm_id_owed_idx" ON "sales" USING btree ("farm_id","buyer_name") WHERE "sales"."paid_kobo" < "sales"."amount_kobo";