CREATE TABLE "inventory_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"supply_id" uuid NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"unit" text NOT NULL,
	"low_threshold" numeric(14, 3) DEFAULT '0' NOT NULL,
	"unit_cost_kobo" integer,
	"supplier_id" uuid,
	"storage_location" text,
	"expiry_date" date,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "supplies_quantity_check" CHECK ("supplies"."quantity" >= 0),
	CONSTRAINT "supplies_low_threshold_check" CHECK ("supplies"."low_threshold" >= 0),
	CONSTRAINT "supplies_unit_cost_kobo_check" CHECK ("supplies"."unit_cost_kobo" >= 0),
	CONSTRAINT "supplies_category_check" CHECK ("supplies"."category" IN ('seeds_seedlings', 'fertilizer', 'agrochemicals', 'animal_feed', 'veterinary', 'fuel', 'tools_equipment', 'packaging', 'other')),
	CONSTRAINT "supplies_unit_check" CHECK ("supplies"."unit" IN ('kg', 'g', 't', 'litre', 'ml', 'bag_25kg', 'bag_50kg', 'bag_100kg', 'crate_30', 'basket', 'mudu', 'piece', 'sachet', 'bottle', 'carton', 'tuber', 'head'))
);
--> statement-breakpoint
CREATE TABLE "supply_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"supply_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"quantity_after" numeric(14, 3) NOT NULL,
	"reason" text,
	"note" text,
	"unit_cost_kobo" integer,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_movements_kind_check" CHECK ("supply_movements"."kind" IN ('received', 'used', 'sold', 'lost', 'expired', 'adjusted')),
	CONSTRAINT "supply_movements_quantity_after_check" CHECK ("supply_movements"."quantity_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_alerts" ADD CONSTRAINT "inventory_alerts_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_alerts" ADD CONSTRAINT "inventory_alerts_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplies" ADD CONSTRAINT "supplies_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplies" ADD CONSTRAINT "supplies_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_movements" ADD CONSTRAINT "supply_movements_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_movements" ADD CONSTRAINT "supply_movements_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_movements" ADD CONSTRAINT "supply_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_alerts_one_open_per_supply_idx" ON "inventory_alerts" USING btree ("supply_id") WHERE NOT "inventory_alerts"."is_resolved";--> statement-breakpoint
CREATE INDEX "inventory_alerts_open_farm_id_created_at_idx" ON "inventory_alerts" USING btree ("farm_id","created_at" desc,"id" desc) WHERE NOT "inventory_alerts"."is_resolved";--> statement-breakpoint
CREATE INDEX "suppliers_farm_id_active_name_idx" ON "suppliers" USING btree ("farm_id","name","id") WHERE "suppliers"."is_active";--> statement-breakpoint
CREATE INDEX "supplies_farm_id_created_at_idx" ON "supplies" USING btree ("farm_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "supplies_farm_id_category_name_idx" ON "supplies" USING btree ("farm_id","category","name","id");--> statement-breakpoint
CREATE INDEX "supplies_low_stock_idx" ON "supplies" USING btree ("farm_id","created_at" desc,"id" desc) WHERE "supplies"."quantity" <= "supplies"."low_threshold";--> statement-breakpoint
CREATE INDEX "supplies_supplier_id_idx" ON "supplies" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supply_movements_supply_created_at_idx" ON "supply_movements" USING btree ("farm_id","supply_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "supply_movements_farm_id_created_at_idx" ON "supply_movements" USING btree ("farm_id","created_at" desc,"id" desc);