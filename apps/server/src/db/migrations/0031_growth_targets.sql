CREATE TABLE "growth_targets" (
	"species" text PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"points" jsonb NOT NULL,
	"source_key" text NOT NULL,
	CONSTRAINT "growth_targets_species_check" CHECK ("growth_targets"."species" IN ('chicken_broiler', 'chicken_layer', 'chicken_noiler', 'chicken_cockerel', 'turkey', 'duck', 'guinea_fowl', 'rabbit', 'catfish', 'tilapia', 'cattle', 'goat', 'sheep', 'pig', 'other'))
);
--> statement-breakpoint
ALTER TABLE "growth_targets" ADD CONSTRAINT "growth_targets_source_key_knowledge_sources_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;