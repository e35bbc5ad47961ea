CREATE TABLE "report_pdfs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"scope" text NOT NULL,
	"scope_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_id" uuid,
	"requested_by" uuid,
	"failure" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "report_pdfs_status_check" CHECK ("report_pdfs"."status" IN ('queued', 'building', 'ready', 'failed')),
	CONSTRAINT "report_pdfs_period_check" CHECK ("report_pdfs"."to" >= "report_pdfs"."from")
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "report_pdfs" ADD CONSTRAINT "report_pdfs_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pdfs" ADD CONSTRAINT "report_pdfs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pdfs" ADD CONSTRAINT "report_pdfs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_pdfs_farm_id_created_at_idx" ON "report_pdfs" USING btree ("farm_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "report_pdfs_queued_idx" ON "report_pdfs" USING btree ("created_at") WHERE "report_pdfs"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" IN ('livestock', 'staff', 'supply', 'receipt', 'crop', 'listing', 'support', 'task', 'dispute', 'report'));