CREATE TABLE "billing_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"customer_code" text,
	"subscription_code" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"amount_kobo" bigint PRIMARY KEY NOT NULL,
	"plan_code" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farm_subscriptions" (
	"farm_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'free' NOT NULL,
	"method" text,
	"period_start" timestamp (3) with time zone,
	"period_end" timestamp (3) with time zone,
	"grace_ends_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"customer_code" text,
	"subscription_code" text,
	"email_token" text,
	"plan_code" text,
	"check_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "farm_subscriptions_state_check" CHECK ("farm_subscriptions"."state" IN ('free', 'active', 'non_renewing', 'past_due')),
	CONSTRAINT "farm_subscriptions_method_check" CHECK ("farm_subscriptions"."method" IN ('card_subscription', 'one_year', 'granted'))
);
--> statement-breakpoint
CREATE TABLE "subscription_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"user_id" uuid,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"plan_code" text,
	"authorization_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_checkouts_kind_check" CHECK ("subscription_checkouts"."kind" IN ('renewing', 'one_year')),
	CONSTRAINT "subscription_checkouts_status_check" CHECK ("subscription_checkouts"."status" IN ('open', 'paid', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "subscription_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"granted_by" uuid,
	"until" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid,
	"farm_name" text NOT NULL,
	"receipt_number" bigint NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"vat_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"channel" text NOT NULL,
	"paid_at" timestamp (3) with time zone NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"period_end" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payments_amount_check" CHECK ("subscription_payments"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_status_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "farm_subscriptions" ADD CONSTRAINT "farm_subscriptions_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_grants" ADD CONSTRAINT "subscription_grants_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_grants" ADD CONSTRAINT "subscription_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_events_customer_idx" ON "billing_events" USING btree ("customer_code") WHERE "billing_events"."applied_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "farm_subscriptions_subscription_code_idx" ON "farm_subscriptions" USING btree ("subscription_code") WHERE "farm_subscriptions"."subscription_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "farm_subscriptions_state_idx" ON "farm_subscriptions" USING btree ("state","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_checkouts_reference_idx" ON "subscription_checkouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_checkouts_client_id_idx" ON "subscription_checkouts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_checkouts_open_idx" ON "subscription_checkouts" USING btree ("farm_id") WHERE "subscription_checkouts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "subscription_grants_farm_id_idx" ON "subscription_grants" USING btree ("farm_id","created_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_reference_idx" ON "subscription_payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_receipt_number_idx" ON "subscription_payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "subscription_payments_farm_id_idx" ON "subscription_payments" USING btree ("farm_id","paid_at" desc);--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_status_check" CHECK ("staff"."status" IN ('active', 'inactive', 'left'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" IN ('gateway', 'held', 'commission', 'refunds_payable', 'seller_payable', 'suspense', 'subscription_revenue', 'vat_payable'));