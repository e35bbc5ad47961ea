CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "farms_name_trgm_idx" ON "farms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_title_trgm_idx" ON "listings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_payments_reference_trgm_idx" ON "order_payments" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_reference_trgm_idx" ON "orders" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_seller_name_trgm_idx" ON "orders" USING gin ("seller_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_title_trgm_idx" ON "orders" USING gin ("title" gin_trgm_ops);