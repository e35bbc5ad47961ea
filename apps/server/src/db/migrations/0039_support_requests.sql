CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"from_support" boolean NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_internal_check" CHECK (NOT "support_messages"."internal" OR "support_messages"."from_support")
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"contact_name" text,
	"contact_email" text,
	"contact_message_id" uuid,
	"source" text DEFAULT 'app' NOT NULL,
	"about_farm_id" uuid,
	"about_kind" text,
	"about_id" uuid,
	"topic" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"subject" text NOT NULL,
	"assigned_to" uuid,
	"reply_due_at" timestamp (3) with time zone NOT NULL,
	"last_reply_at" timestamp (3) with time zone,
	"solved_at" timestamp (3) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_topic_check" CHECK ("support_requests"."topic" IN ('account', 'billing', 'marketplace_order', 'broken', 'other')),
	CONSTRAINT "support_requests_state_check" CHECK ("support_requests"."state" IN ('open', 'waiting', 'solved', 'closed')),
	CONSTRAINT "support_requests_source_check" CHECK ("support_requests"."source" IN ('app', 'contact')),
	CONSTRAINT "support_requests_about_check" CHECK (("support_requests"."about_kind" IS NULL) = ("support_requests"."about_id" IS NULL) AND ("support_requests"."about_kind" IS NULL OR "support_requests"."about_kind" IN ('order', 'listing'))),
	CONSTRAINT "support_requests_who_check" CHECK ("support_requests"."user_id" IS NOT NULL OR "support_requests"."contact_email" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "support_saved_replies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_about_farm_id_farms_id_fk" FOREIGN KEY ("about_farm_id") REFERENCES "public"."farms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_saved_replies" ADD CONSTRAINT "support_saved_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_request_idx" ON "support_messages" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_requests_queue_idx" ON "support_requests" USING btree ("priority" DESC NULLS LAST,"created_at","id");