ALTER TABLE "users" ADD COLUMN "selling_suspended_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "selling_suspended_reason" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;