CREATE TABLE "report_link_openings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"report_pdf_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_link_openings" ADD CONSTRAINT "report_link_openings_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_link_openings" ADD CONSTRAINT "report_link_openings_link_id_report_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."report_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_report_pdf_id_report_pdfs_id_fk" FOREIGN KEY ("report_pdf_id") REFERENCES "public"."report_pdfs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_link_openings_link_id_idx" ON "report_link_openings" USING btree ("link_id","opened_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "report_links_token_hash_idx" ON "report_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "report_links_farm_id_created_at_idx" ON "report_links" USING btree ("farm_id","created_at" desc,"id" desc);