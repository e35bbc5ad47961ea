CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"notification_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_notification_id_channel_key" UNIQUE("notification_id","channel"),
	CONSTRAINT "notification_deliveries_channel_check" CHECK ("notification_deliveries"."channel" IN ('email', 'push', 'sms')),
	CONSTRAINT "notification_deliveries_status_check" CHECK ("notification_deliveries"."status" IN ('pending', 'queued', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"digest_enabled" boolean DEFAULT false NOT NULL,
	"digest_hour" smallint DEFAULT 7 NOT NULL,
	"timezone" text DEFAULT 'Africa/Lagos' NOT NULL,
	"last_digest_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "notification_preferences_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "notification_preferences_quiet_hours_check" CHECK (("notification_preferences"."quiet_start" IS NULL) = ("notification_preferences"."quiet_end" IS NULL) AND "notification_preferences"."quiet_start" BETWEEN 0 AND 1439 AND "notification_preferences"."quiet_end" BETWEEN 0 AND 1439),
	CONSTRAINT "notification_preferences_digest_hour_check" CHECK ("notification_preferences"."digest_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"farm_id" uuid,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_user_id_dedupe_key_key" UNIQUE("user_id","dedupe_key"),
	CONSTRAINT "notifications_urgency_check" CHECK ("notifications"."urgency" IN ('normal', 'urgent'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_deliveries_pending_due_at_idx" ON "notification_deliveries" USING btree ("due_at") WHERE "notification_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_deliveries_sending_claimed_at_idx" ON "notification_deliveries" USING btree ("claimed_at") WHERE "notification_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "notification_preferences_digest_idx" ON "notification_preferences" USING btree ("digest_hour") WHERE "notification_preferences"."digest_enabled";--> statement-breakpoint
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications" USING btree ("user_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "notifications_farm_id_idx" ON "notifications" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "notifications_unread_user_id_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");