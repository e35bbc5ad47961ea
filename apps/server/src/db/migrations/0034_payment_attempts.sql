CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"authorization_url" text,
	"charged_kobo" bigint,
	"currency" text,
	"charged_at" timestamp (3) with time zone,
	"gateway_id" text,
	"problem" text,
	"attention_at" timestamp (3) with time zone,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_status_check" CHECK ("order_payments"."status" IN ('open', 'closed', 'paid', 'extra')),
	CONSTRAINT "order_payments_amount_check" CHECK ("order_payments"."amount_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_kind_check";--> statement-breakpoint
DROP INDEX "refunds_order_id_kind_idx";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_reference_idx" ON "order_payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "order_payments_order_id_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_open_idx" ON "order_payments" USING btree ("order_id") WHERE "order_payments"."status" = 'open';--> statement-breakpoint
CREATE INDEX "order_payments_attention_idx" ON "order_payments" USING btree ("attention_at") WHERE "order_payments"."attention_at" IS NOT NULL AND "order_payments"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("reference") WHERE "ledger_entries"."reference" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_extra_payment_idx" ON "refunds" USING btree ("reference") WHERE "refunds"."kind" = 'extra_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_id_kind_idx" ON "refunds" USING btree ("order_id","kind") WHERE "refunds"."kind" <> 'extra_payment';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" IN ('gateway', 'held', 'commission', 'refunds_payable', 'seller_payable', 'suspense'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind_check" CHECK ("refunds"."kind" IN ('full', 'short_delivery', 'dispute', 'extra_payment'));--> statement-breakpoint
INSERT INTO "order_payments" ("id", "order_id", "reference", "amount_kobo", "status", "charged_kobo", "currency", "charged_at", "created_at", "updated_at")
SELECT gen_random_uuid(), "id", "reference", "total_kobo",
  CASE WHEN "paid_at" IS NOT NULL THEN 'paid' ELSE 'closed' END,
  CASE WHEN "paid_at" IS NOT NULL THEN "total_kobo" END,
  CASE WHEN "paid_at" IS NOT NULL THEN 'NGN' END,
  "paid_at", "created_at", "updated_at"
FROM "orders";
--> statement-breakpoint
UPDATE "refunds" SET "reference" = "orders"."reference" FROM "orders" WHERE "orders"."id" = "refunds"."order_id" AND "refunds"."reference" IS NULL;
--> statement-breakpoint
UPDATE "ledger_entries" SET "reference" = "orders"."reference" FROM "orders" WHERE "orders"."id" = "ledger_entries"."order_id" AND "ledger_entries"."kind" = 'payment' AND "ledger_entries"."reference" IS NULL;
