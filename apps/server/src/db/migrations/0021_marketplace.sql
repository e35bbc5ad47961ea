CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"txn_id" uuid NOT NULL,
	"order_id" uuid,
	"account" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" IN ('gateway', 'held', 'commission', 'refunds_payable')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_kobo" <> 0)
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"category" text NOT NULL,
	"product_key" text NOT NULL,
	"title" text NOT NULL,
	"variety" text,
	"grade" text,
	"quality" jsonb,
	"quantity_available" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_kg" numeric(10, 3),
	"min_order" numeric(14, 3) NOT NULL,
	"price_kobo" bigint NOT NULL,
	"state" text NOT NULL,
	"lga" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"harvest_date" date,
	"available_from" date,
	"delivery_pickup" boolean DEFAULT true NOT NULL,
	"delivery_seller" boolean DEFAULT false NOT NULL,
	"delivery_area" text,
	"delivery_fee_kobo" bigint,
	"description" text,
	"crop_key" text,
	"animal_id" uuid,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("listings"."title", '') || ' ' || coalesce("listings"."variety", '') || ' ' || coalesce("listings"."description", '') || ' ' || coalesce("listings"."state", '') || ' ' || coalesce("listings"."lga", ''))) STORED NOT NULL,
	"published_at" timestamp (3) with time zone,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" IN ('draft', 'active', 'paused', 'sold_out', 'closed')),
	CONSTRAINT "listings_category_check" CHECK ("listings"."category" IN ('crop', 'livestock', 'product')),
	CONSTRAINT "listings_unit_check" CHECK ("listings"."unit" IN ('kg', 'bag_50kg', 'bag_100kg', 'tonne', 'basket', 'tuber', 'bunch', 'crate', 'head', 'litre', 'piece')),
	CONSTRAINT "listings_quantity_check" CHECK ("listings"."quantity_available" >= 0),
	CONSTRAINT "listings_min_order_check" CHECK ("listings"."min_order" > 0),
	CONSTRAINT "listings_price_check" CHECK ("listings"."price_kobo" > 0),
	CONSTRAINT "listings_delivery_check" CHECK ("listings"."delivery_pickup" OR "listings"."delivery_seller"),
	CONSTRAINT "listings_delivery_fee_check" CHECK ("listings"."delivery_fee_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid,
	"farm_id" uuid,
	"buyer_id" uuid,
	"title" text NOT NULL,
	"seller_name" text NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"subtotal_kobo" bigint NOT NULL,
	"delivery" text NOT NULL,
	"delivery_fee_kobo" bigint DEFAULT 0 NOT NULL,
	"total_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"buyer_phone" text NOT NULL,
	"delivery_address" text,
	"note" text,
	"reference" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accept_by" timestamp (3) with time zone,
	"paid_at" timestamp (3) with time zone,
	"decided_at" timestamp (3) with time zone,
	"flag" text,
	"cancel_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('placed', 'paid', 'accepted', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "orders_unit_check" CHECK ("orders"."unit" IN ('kg', 'bag_50kg', 'bag_100kg', 'tonne', 'basket', 'tuber', 'bunch', 'crate', 'head', 'litre', 'piece')),
	CONSTRAINT "orders_delivery_check" CHECK ("orders"."delivery" IN ('pickup', 'seller_delivers')),
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" > 0),
	CONSTRAINT "orders_total_check" CHECK ("orders"."total_kobo" = "orders"."subtotal_kobo" + "orders"."delivery_fee_kobo" AND "orders"."commission_kobo" >= 0 AND "orders"."commission_kobo" <= "orders"."subtotal_kobo")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'paystack' NOT NULL,
	"event" text NOT NULL,
	"key" text NOT NULL,
	"reference" text,
	"payload" jsonb NOT NULL,
	"outcome" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp (3) with time zone,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" IN ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "intent" text DEFAULT 'farm' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_animal_id_livestock_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."livestock"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_txn_id_idx" ON "ledger_entries" USING btree ("txn_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_id_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","amount_kobo");--> statement-breakpoint
CREATE INDEX "listings_farm_id_idx" ON "listings" USING btree ("farm_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "listings_active_newest_idx" ON "listings" USING btree ("published_at" desc,"id" desc) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_product_idx" ON "listings" USING btree ("category","product_key","price_kobo","id") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_state_idx" ON "listings" USING btree ("state","price_kobo","id") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_idx" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "orders_farm_id_idx" ON "orders" USING btree ("farm_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "orders_buyer_id_idx" ON "orders" USING btree ("buyer_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "orders_listing_id_idx" ON "orders" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "orders_placed_expires_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'placed';--> statement-breakpoint
CREATE INDEX "orders_paid_accept_by_idx" ON "orders" USING btree ("accept_by") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_key_idx" ON "payment_events" USING btree ("provider","key");--> statement-breakpoint
CREATE INDEX "payment_events_reference_idx" ON "payment_events" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_id_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_id_idx" ON "refunds" USING btree ("provider_refund_id") WHERE "refunds"."provider_refund_id" IS NOT NULL;