CREATE TABLE "money_month_totals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_month_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"farm_id" uuid NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"crop_id" uuid,
	"animal_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"sold_kg" numeric DEFAULT '0' NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "money_month_totals_key" UNIQUE NULLS NOT DISTINCT("farm_id","month","kind","category","crop_id","animal_id"),
	CONSTRAINT "money_month_totals_kind_check" CHECK ("money_month_totals"."kind" IN ('cost', 'income')),
	CONSTRAINT "money_month_totals_category_check" CHECK (("money_month_totals"."kind" = 'cost') = ("money_month_totals"."category" IS NOT NULL))
);
--> statement-breakpoint
DROP INDEX "expenses_farm_id_date_idx";--> statement-breakpoint
DROP INDEX "sales_farm_date_enterprise_idx";--> statement-breakpoint
CREATE INDEX "expenses_farm_id_date_idx" ON "expenses" USING btree ("farm_id","date" desc,"id" desc,"category","amount_kobo");--> statement-breakpoint
CREATE INDEX "sales_farm_date_enterprise_idx" ON "sales" USING btree ("farm_id","date","crop_id","animal_id","amount_kobo","unit","quantity");--> statement-breakpoint
-- Written by hand: drizzle-kit neither generates nor tracks functions and triggers. They keep
-- money_month_totals equal to the sums of expense_allocations (costs) and sales (income) by month;
-- a sum left with no rows is deleted.
CREATE FUNCTION money_month_totals_add(
	p_farm_id uuid, p_day date, p_kind text, p_category text, p_crop_id uuid, p_animal_id uuid,
	p_amount_kobo bigint, p_sold_kg numeric, p_rows integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v_id bigint;
	v_rows integer;
BEGIN
	INSERT INTO money_month_totals AS t
		(farm_id, month, kind, category, crop_id, animal_id, amount_kobo, sold_kg, row_count)
	VALUES (
		p_farm_id, p_day - (extract(day FROM p_day)::integer - 1), p_kind, p_category, p_crop_id,
		p_animal_id, p_amount_kobo, p_sold_kg, p_rows
	)
	ON CONFLICT ON CONSTRAINT money_month_totals_key DO UPDATE SET
		amount_kobo = t.amount_kobo + excluded.amount_kobo,
		sold_kg = t.sold_kg + excluded.sold_kg,
		row_count = t.row_count + excluded.row_count
	RETURNING t.id, t.row_count INTO v_id, v_rows;
	IF v_rows = 0 THEN
		DELETE FROM money_month_totals WHERE id = v_id;
	END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION money_month_totals_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND (OLD.farm_id, OLD.date - (extract(day FROM OLD.date)::integer - 1), OLD.category, OLD.crop_id, OLD.animal_id)
			IS NOT DISTINCT FROM
			(NEW.farm_id, NEW.date - (extract(day FROM NEW.date)::integer - 1), NEW.category, NEW.crop_id, NEW.animal_id)
	THEN
		PERFORM money_month_totals_add(NEW.farm_id, NEW.date, 'cost', NEW.category, NEW.crop_id, NEW.animal_id,
			NEW.amount_kobo - OLD.amount_kobo, 0, 0);
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM money_month_totals_add(OLD.farm_id, OLD.date, 'cost', OLD.category, OLD.crop_id, OLD.animal_id,
			-OLD.amount_kobo, 0, -1);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		PERFORM money_month_totals_add(NEW.farm_id, NEW.date, 'cost', NEW.category, NEW.crop_id, NEW.animal_id,
			NEW.amount_kobo, 0, 1);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION money_month_totals_income() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND (OLD.farm_id, OLD.date - (extract(day FROM OLD.date)::integer - 1), OLD.crop_id, OLD.animal_id)
			IS NOT DISTINCT FROM
			(NEW.farm_id, NEW.date - (extract(day FROM NEW.date)::integer - 1), NEW.crop_id, NEW.animal_id)
	THEN
		PERFORM money_month_totals_add(NEW.farm_id, NEW.date, 'income', NULL, NEW.crop_id, NEW.animal_id,
			NEW.amount_kobo - OLD.amount_kobo,
			CASE WHEN NEW.unit = 'kg' THEN NEW.quantity ELSE 0 END - CASE WHEN OLD.unit = 'kg' THEN OLD.quantity ELSE 0 END,
			0);
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM money_month_totals_add(OLD.farm_id, OLD.date, 'income', NULL, OLD.crop_id, OLD.animal_id,
			-OLD.amount_kobo, CASE WHEN OLD.unit = 'kg' THEN -OLD.quantity ELSE 0 END, -1);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		PERFORM money_month_totals_add(NEW.farm_id, NEW.date, 'income', NULL, NEW.crop_id, NEW.animal_id,
			NEW.amount_kobo, CASE WHEN NEW.unit = 'kg' THEN NEW.quantity ELSE 0 END, 1);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER money_month_totals_cost AFTER INSERT OR DELETE ON expense_allocations
	FOR EACH ROW EXECUTE FUNCTION money_month_totals_cost();
--> statement-breakpoint
CREATE TRIGGER money_month_totals_cost_update AFTER UPDATE ON expense_allocations
	FOR EACH ROW
	WHEN ((OLD.farm_id, OLD.date, OLD.category, OLD.crop_id, OLD.animal_id, OLD.amount_kobo)
		IS DISTINCT FROM (NEW.farm_id, NEW.date, NEW.category, NEW.crop_id, NEW.animal_id, NEW.amount_kobo))
	EXECUTE FUNCTION money_month_totals_cost();
--> statement-breakpoint
CREATE TRIGGER money_month_totals_income AFTER INSERT OR DELETE ON sales
	FOR EACH ROW EXECUTE FUNCTION money_month_totals_income();
--> statement-breakpoint
CREATE TRIGGER money_month_totals_income_update AFTER UPDATE ON sales
	FOR EACH ROW
	WHEN ((OLD.farm_id, OLD.date, OLD.crop_id, OLD.animal_id, OLD.amount_kobo, OLD.unit, OLD.quantity)
		IS DISTINCT FROM (NEW.farm_id, NEW.date, NEW.crop_id, NEW.animal_id, NEW.amount_kobo, NEW.unit, NEW.quantity))
	EXECUTE FUNCTION money_month_totals_income();
--> statement-breakpoint
INSERT INTO money_month_totals (farm_id, month, kind, category, crop_id, animal_id, amount_kobo, sold_kg, row_count)
SELECT farm_id, date - (extract(day FROM date)::integer - 1), 'cost', category, crop_id, animal_id,
	sum(amount_kobo), 0, count(*)
FROM expense_allocations
GROUP BY 1, 2, 4, 5, 6;
--> statement-breakpoint
INSERT INTO money_month_totals (farm_id, month, kind, category, crop_id, animal_id, amount_kobo, sold_kg, row_count)
SELECT farm_id, date - (extract(day FROM date)::integer - 1), 'income', NULL, crop_id, animal_id,
	sum(amount_kobo), coalesce(sum(quantity) FILTER (WHERE unit = 'kg'), 0), count(*)
FROM sales
GROUP BY 1, 2, 5, 6;
