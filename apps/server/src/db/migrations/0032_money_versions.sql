CREATE TABLE "money_versions" (
	"farm_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "money_versions" ADD CONSTRAINT "money_versions_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: drizzle-kit neither generates nor tracks functions and triggers. Any statement
-- that writes rows the money reports read adds one to the money version of each farm whose rows it
-- wrote, so a report kept from before is worked out again (features/money/report-cache.ts). Once
-- per statement, not per row: a statement writing many rows of one farm moves its version once
-- (per row, a bulk insert would update the same version row once for every row written).
CREATE FUNCTION money_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- While a farm is deleted, its records go after it (and after its version): nothing to count.
	INSERT INTO money_versions AS v (farm_id, version)
	SELECT DISTINCT c.farm_id, 1 FROM changed c WHERE EXISTS (SELECT 1 FROM farms f WHERE f.id = c.farm_id)
	ON CONFLICT (farm_id) DO UPDATE SET version = v.version + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Suppliers, plantings and animals count only when a name the reports show changed.
CREATE FUNCTION money_version_supplier_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO money_versions AS v (farm_id, version)
	SELECT DISTINCT c.farm_id, 1 FROM changed c JOIN earlier b ON b.id = c.id
	WHERE c.name IS DISTINCT FROM b.name AND EXISTS (SELECT 1 FROM farms f WHERE f.id = c.farm_id)
	ON CONFLICT (farm_id) DO UPDATE SET version = v.version + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION money_version_crop_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO money_versions AS v (farm_id, version)
	SELECT DISTINCT c.farm_id, 1 FROM changed c JOIN earlier b ON b.id = c.id
	WHERE (c.crop_key, c.planting_date) IS DISTINCT FROM (b.crop_key, b.planting_date)
		AND EXISTS (SELECT 1 FROM farms f WHERE f.id = c.farm_id)
	ON CONFLICT (farm_id) DO UPDATE SET version = v.version + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION money_version_animal_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO money_versions AS v (farm_id, version)
	SELECT DISTINCT c.farm_id, 1 FROM changed c JOIN earlier b ON b.id = c.id
	WHERE (c.name, c.tag, c.species) IS DISTINCT FROM (b.name, b.tag, b.species)
		AND EXISTS (SELECT 1 FROM farms f WHERE f.id = c.farm_id)
	ON CONFLICT (farm_id) DO UPDATE SET version = v.version + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER money_version_insert AFTER INSERT ON expenses
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_update AFTER UPDATE ON expenses
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_delete AFTER DELETE ON expenses
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_insert AFTER INSERT ON expense_allocations
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_update AFTER UPDATE ON expense_allocations
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_delete AFTER DELETE ON expense_allocations
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_insert AFTER INSERT ON sales
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_update AFTER UPDATE ON sales
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_delete AFTER DELETE ON sales
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_insert AFTER INSERT ON sale_payments
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_update AFTER UPDATE ON sale_payments
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_delete AFTER DELETE ON sale_payments
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_insert AFTER INSERT ON crop_harvests
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_update AFTER UPDATE ON crop_harvests
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_delete AFTER DELETE ON crop_harvests
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_insert AFTER INSERT ON livestock_production
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_update AFTER UPDATE ON livestock_production
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_delete AFTER DELETE ON livestock_production
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_insert AFTER INSERT ON pay_runs
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_update AFTER UPDATE ON pay_runs
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_delete AFTER DELETE ON pay_runs
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_insert AFTER INSERT ON pay_run_lines
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_update AFTER UPDATE ON pay_run_lines
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_delete AFTER DELETE ON pay_run_lines
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_bump();
--> statement-breakpoint
CREATE TRIGGER money_version_names AFTER UPDATE ON suppliers
	REFERENCING OLD TABLE AS earlier NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_supplier_names();
--> statement-breakpoint
CREATE TRIGGER money_version_names AFTER UPDATE ON crops
	REFERENCING OLD TABLE AS earlier NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_crop_names();
--> statement-breakpoint
CREATE TRIGGER money_version_names AFTER UPDATE ON livestock
	REFERENCING OLD TABLE AS earlier NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION money_version_animal_names();
