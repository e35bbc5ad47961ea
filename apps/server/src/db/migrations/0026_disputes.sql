CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"answer_due_at" timestamp (3) with time zone NOT NULL,
	"answer_message" text,
	"answer_by" uuid,
	"answered_at" timestamp (3) with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"refund_kobo" bigint,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_reason_check" CHECK ("disputes"."reason" IN ('quantity_short', 'quality_below_listing', 'not_delivered', 'damaged', 'wrong_item')),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" IN ('open', 'answered', 'resolved')),
	CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."outcome" IS NULL OR "disputes"."outcome" IN ('release', 'partial_refund', 'full_refund'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_role" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_answer_by_users_id_fk" FOREIGN KEY ("answer_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_order_id_idx" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "disputes_queue_idx" ON "disputes" USING btree ("created_at","id") WHERE "disputes"."status" <> 'resolved';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('placed', 'paid', 'accepted', 'dispatched', 'delivered', 'disputed', 'completed', 'declined', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind_check" CHECK ("refunds"."kind" IN ('full', 'short_delivery', 'dispute'));