CREATE TABLE "climate_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"about" uuid,
	"severity" text NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"values" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "climate_alerts_status_check" CHECK ("climate_alerts"."status" IN ('open', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "climate_alerts" ADD CONSTRAINT "climate_alerts_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "climate_alerts_farm_id_open_idx" ON "climate_alerts" USING btree ("farm_id","rule") WHERE "climate_alerts"."status" = 'open';