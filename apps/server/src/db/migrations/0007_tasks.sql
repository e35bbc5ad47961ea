CREATE TABLE "staff_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"day" date NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_assignees" (
	"task_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"farm_id" uuid NOT NULL,
	CONSTRAINT "task_assignees_task_id_staff_id_pk" PRIMARY KEY("task_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "task_series" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"rrule" text NOT NULL,
	"starts_on" date NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"notes" text,
	"due_time" time,
	"priority" text NOT NULL,
	"supply_id" uuid,
	"assignee_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"generated_until" date,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_settings" (
	"farm_id" uuid PRIMARY KEY NOT NULL,
	"sms_staff" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_sweeps" (
	"farm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_sweeps_farm_id_kind_day_pk" PRIMARY KEY("farm_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"notes" text,
	"due_date" date NOT NULL,
	"due_time" time,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"supply_id" uuid,
	"assigned" boolean DEFAULT false NOT NULL,
	"series_id" uuid,
	"source_key" text,
	"completed_at" timestamp (3) with time zone,
	"completed_by" uuid,
	"completed_by_name" text,
	"completion_note" text,
	"overdue_notified_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tasks_type_check" CHECK ("tasks"."type" IN ('land_preparation', 'planting', 'weeding', 'fertilizer_application', 'spraying', 'irrigation', 'harvesting', 'feeding', 'vaccination', 'deworming', 'cleaning', 'maintenance', 'delivery', 'other')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" IN ('open', 'done', 'skipped')),
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" IN ('high', 'normal', 'low')),
	CONSTRAINT "tasks_done_check" CHECK (("tasks"."status" = 'open') = ("tasks"."completed_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_settings" ADD CONSTRAINT "task_settings_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sweeps" ADD CONSTRAINT "task_sweeps_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_series_id_task_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."task_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_messages_staff_id_day_idx" ON "staff_messages" USING btree ("staff_id","day");--> statement-breakpoint
CREATE INDEX "staff_messages_pending_idx" ON "staff_messages" USING btree ("created_at") WHERE "staff_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "task_assignees_staff_id_idx" ON "task_assignees" USING btree ("staff_id","task_id");--> statement-breakpoint
CREATE INDEX "task_series_farm_id_idx" ON "task_series" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "task_series_generated_until_idx" ON "task_series" USING btree ("generated_until") WHERE "task_series"."generated_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_farm_id_due_date_idx" ON "tasks" USING btree ("farm_id","due_date","status","id");--> statement-breakpoint
CREATE INDEX "tasks_farm_id_open_due_date_idx" ON "tasks" USING btree ("farm_id","due_date","id") WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_open_due_date_idx" ON "tasks" USING btree ("due_date","farm_id") WHERE "tasks"."status" = 'open' AND "tasks"."overdue_notified_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_series_day_idx" ON "tasks" USING btree ("series_id","due_date") WHERE "tasks"."series_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_farm_id_source_key_idx" ON "tasks" USING btree ("farm_id","source_key") WHERE "tasks"."source_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_supply_id_idx" ON "tasks" USING btree ("supply_id") WHERE "tasks"."supply_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" IN ('livestock', 'staff', 'supply', 'receipt', 'crop', 'listing', 'support', 'task'));