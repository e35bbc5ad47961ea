ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
DROP INDEX "refunds_order_id_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_by" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatched_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "driver_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "driver_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vehicle" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_locked_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_quantity" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "complete_by" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_amount_kobo" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "kind" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
-- Orders accepted before dispatching existed: ORDER_DISPATCH_DAYS (3) from their acceptance.
UPDATE "orders" SET "dispatch_by" = "decided_at" + interval '3 days' WHERE "status" = 'accepted' AND "decided_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_accepted_dispatch_by_idx" ON "orders" USING btree ("dispatch_by") WHERE "orders"."status" = 'accepted' AND "orders"."reminded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_delivered_complete_by_idx" ON "orders" USING btree ("complete_by") WHERE "orders"."status" = 'delivered';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_id_kind_idx" ON "refunds" USING btree ("order_id","kind");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" IN ('gateway', 'held', 'commission', 'refunds_payable', 'seller_payable'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_quantity_check" CHECK ("orders"."delivered_quantity" IS NULL OR ("orders"."delivered_quantity" > 0 AND "orders"."delivered_quantity" <= "orders"."quantity"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_code_tries_check" CHECK ("orders"."code_tries" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('placed', 'paid', 'accepted', 'dispatched', 'delivered', 'completed', 'declined', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind_check" CHECK ("refunds"."kind" IN ('full', 'short_delivery'));