DROP INDEX "listings_active_newest_idx";--> statement-breakpoint
DROP INDEX "listings_active_product_idx";--> statement-breakpoint
DROP INDEX "listings_active_state_idx";--> statement-breakpoint
CREATE INDEX "listings_browsed_newest_idx" ON "listings" USING btree ("published_at" desc,"id" desc) WHERE "listings"."status" IN ('active', 'sold_out');--> statement-breakpoint
CREATE INDEX "listings_browsed_product_idx" ON "listings" USING btree ("category","product_key","price_kobo","id") WHERE "listings"."status" IN ('active', 'sold_out');--> statement-breakpoint
CREATE INDEX "listings_browsed_state_idx" ON "listings" USING btree (lower("state"),"price_kobo","id") WHERE "listings"."status" IN ('active', 'sold_out');