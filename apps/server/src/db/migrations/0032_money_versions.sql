CREATE TABLE "money_versions" (
	"farm_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "money_versions" ADD CONSTRAINT "money_versions_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: drizzle-kit neither generates nor tracks functions and triggers. Any write to a
-- row the money reports read adds one to its farm's money version, so a report kept from before
-- is worked out again (features/money/report-cache.ts).
CREATE FUNCTION money_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_farm uuid;
BEGIN
	IF TG_OP = 'DELETE' THEN
		v_farm := OLD.farm_id;
	ELSE
		v_farm := NEW.farm_id;
	END IF;
	-- While a farm is deleted, its records go after it (and after its version): nothing to count.
	INSERT INTO money_versions AS v (farm_id, version)
	SELECT v_farm, 1 WHERE EXISTS (SELECT 1 FROM farms WHERE id = v_farm)
	ON CONFLICT (farm_id) DO UPDATE SET version = v.version + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER INSERT OR UPDATE OR DELETE ON expenses
	FOR EACH ROW EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER INSERT OR UPDATE OR DELETE ON expense_allocations
	FOR EACH ROW EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER INSERT OR UPDATE OR DELETE ON sales
	FOR EACH ROW EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER INSERT OR UPDATE OR DELETE ON sale_payments
	FOR EACH ROW EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER INSERT OR UPDATE OR DELETE ON crop_harvests
	FOR EACH ROW EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER INSERT OR UPDATE OR DELETE ON livestock_production
	FOR EACH ROW EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER INSERT OR UPDATE OR DELETE ON pay_runs
	FOR EACH ROW EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER INSERT OR UPDATE OR DELETE ON pay_run_lines
	FOR EACH ROW EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
-- Suppliers, plantings and animals only by the names the reports show.
CREATE TRIGGER money_version_bump AFTER UPDATE ON suppliers
	FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
	EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER UPDATE ON crops
	FOR EACH ROW WHEN ((OLD.crop_key, OLD.planting_date) IS DISTINCT FROM (NEW.crop_key, NEW.planting_date))
	EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_bump AFTER UPDATE ON livestock
	FOR EACH ROW WHEN ((OLD.name, OLD.tag, OLD.species) IS DISTINCT FROM (NEW.name, NEW.tag, NEW.species))
	EXECUTE FUNCTION money_version_bump();
