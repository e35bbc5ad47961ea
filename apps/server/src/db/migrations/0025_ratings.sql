CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"side" text NOT NULL,
	"rated_by" uuid,
	"stars" smallint NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_side_check" CHECK ("ratings"."side" IN ('buyer', 'seller')),
	CONSTRAINT "ratings_stars_check" CHECK ("ratings"."stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_order_side_idx" ON "ratings" USING btree ("order_id","side");--> statement-breakpoint
CREATE INDEX "ratings_side_created_idx" ON "ratings" USING btree ("side","created_at" desc);
