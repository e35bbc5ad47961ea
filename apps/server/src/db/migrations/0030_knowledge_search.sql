CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "knowledge_advice" (
	"key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"topic" text NOT NULL,
	"questions" text[] NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"crop_keys" text[] NOT NULL,
	"species" text[] NOT NULL,
	"source_key" text NOT NULL,
	"search" "tsvector" NOT NULL,
	CONSTRAINT "knowledge_advice_topic_check" CHECK ("knowledge_advice"."topic" IN ('planting', 'seed', 'fertilizer', 'weeding', 'pests', 'storage', 'poultry', 'fish', 'livestock', 'soil', 'selling', 'gona'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_pests" (
	"key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"other_names" text[] NOT NULL,
	"crop_keys" text[] NOT NULL,
	"species" text[] NOT NULL,
	"symptoms" text NOT NULL,
	"favoured_by" text,
	"control" jsonb NOT NULL,
	"notifiable" boolean NOT NULL,
	"notifiable_source_key" text,
	"source_key" text NOT NULL,
	"names" text NOT NULL,
	"search" "tsvector" NOT NULL,
	CONSTRAINT "knowledge_pests_kind_check" CHECK ("knowledge_pests"."kind" IN ('pest', 'disease', 'weed', 'animal_disease')),
	CONSTRAINT "knowledge_pests_notifiable_check" CHECK ("knowledge_pests"."notifiable" = ("knowledge_pests"."notifiable_source_key" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "knowledge_advice" ADD CONSTRAINT "knowledge_advice_source_key_knowledge_sources_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_pests" ADD CONSTRAINT "knowledge_pests_notifiable_source_key_knowledge_sources_key_fk" FOREIGN KEY ("notifiable_source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_pests" ADD CONSTRAINT "knowledge_pests_source_key_knowledge_sources_key_fk" FOREIGN KEY ("source_key") REFERENCES "public"."knowledge_sources"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_advice_search_idx" ON "knowledge_advice" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_advice_title_trgm_idx" ON "knowledge_advice" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_pests_search_idx" ON "knowledge_pests" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_pests_names_trgm_idx" ON "knowledge_pests" USING gin ("names" gin_trgm_ops);