CREATE TABLE "care_programme_steps" (
	"programme_key" text NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"offset_days" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"rrule" text,
	CONSTRAINT "care_programme_steps_programme_key_key_pk" PRIMARY KEY("programme_key","key"),
	CONSTRAINT "care_programme_steps_kind_check" CHECK ("care_programme_steps"."kind" IN ('vaccination', 'deworming', 'care'))
);
--> statement-breakpoint
CREATE TABLE "care_programmes" (
	"key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"species" text[] NOT NULL,
	"counts_from" text NOT NULL,
	"note" text NOT NULL,
	"source_key" text NOT NULL,
	CONSTRAINT "care_programmes_counts_from_check" CHECK ("care_programmes"."counts_from" IN ('birth', 'arrival'))
);
--> statement-breakpoint
CREATE TABLE "farm_care_programmes" (
	"farm_id" uuid NOT NULL,
	"programme_key" text NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "farm_care_programmes_farm_id_programme_key_pk" PRIMARY KEY("farm_id","programme_key")
);
--> statement-breakpoint
CREATE TABLE "knowledge_datasets" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"checksum" text NOT NULL,
	"loaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"organisation" text NOT NULL,
	"year" integer,
	"url" text
);
--> statement-breakpoint
ALTER TABLE "task_series" ADD COLUMN "livestock_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "livestock_id" uuid;--> statement-breakpoint
ALTER TABLE "care_programme_steps" ADD CONSTRAINT "care_programme_steps_programme_key_care_programmes_key_fk" FOREIGN KEY ("programme_key") REFERENCES "public"."care_programmes"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_programmes" ADD CONSTRAINT "care_programmes_source_key_knowledge_sources_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_care_programmes" ADD CONSTRAINT "farm_care_programmes_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_care_programmes" ADD CONSTRAINT "farm_care_programmes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_livestock_id_livestock_id_fk" FOREIGN KEY ("livestock_id") REFERENCES "public"."livestock"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_livestock_id_livestock_id_fk" FOREIGN KEY ("livestock_id") REFERENCES "public"."livestock"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_livestock_id_idx" ON "tasks" USING btree ("livestock_id","due_date") WHERE "tasks"."livestock_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_farm_id_open_livestock_idx" ON "tasks" USING btree ("farm_id","due_date") WHERE "tasks"."livestock_id" IS NOT NULL AND "tasks"."status" = 'open';