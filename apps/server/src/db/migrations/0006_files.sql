CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text NOT NULL,
	"created_by" uuid NOT NULL,
	"attached_to_table" text,
	"attached_to_id" uuid,
	"deleted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_kind_check" CHECK ("files"."kind" IN ('livestock', 'staff', 'supply', 'receipt', 'crop', 'listing', 'support')),
	CONSTRAINT "files_attached_check" CHECK (("files"."attached_to_table" IS NULL) = ("files"."attached_to_id" IS NULL)),
	CONSTRAINT "files_bytes_check" CHECK ("files"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_attached_to_idx" ON "files" USING btree ("farm_id","attached_to_table","attached_to_id","id") WHERE "files"."attached_to_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "files_unattached_created_at_idx" ON "files" USING btree ("created_at") WHERE "files"."attached_to_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "files_thumb_key_idx" ON "files" USING btree ("thumb_key");