ALTER TABLE "service_requests" ADD COLUMN "machine_guarantee_end_date" date;--> statement-breakpoint
-- Every existing request gets its machine's guarantee end date; the index is built after, over the final values.
UPDATE "service_requests" r SET "machine_guarantee_end_date" = m."guarantee_end_date"
  FROM "machines" m WHERE m."id" = r."machine_id" AND m."guarantee_end_date" IS NOT NULL;--> statement-breakpoint
-- A request takes its machine's model and guarantee end date when it is filed and when it is moved to another
-- machine (the trigger of migration 0018, one more column)...
CREATE OR REPLACE FUNCTION service_requests_machine_model() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m."name", m."guarantee_end_date" INTO NEW."machine_model", NEW."machine_guarantee_end_date"
    FROM "machines" m WHERE m."id" = NEW."machine_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
-- ...and follows its machine when an ERP import renames the model or moves the guarantee's end.
CREATE OR REPLACE FUNCTION machines_model_to_service_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_requests" SET "machine_model" = NEW."name", "machine_guarantee_end_date" = NEW."guarantee_end_date"
    WHERE "machine_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER machines_model_to_service_requests ON "machines";--> statement-breakpoint
CREATE TRIGGER machines_model_to_service_requests AFTER UPDATE OF "name", "guarantee_end_date" ON "machines"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."guarantee_end_date" IS DISTINCT FROM NEW."guarantee_end_date")
  EXECUTE FUNCTION machines_model_to_service_requests();--> statement-breakpoint
CREATE INDEX "service_requests_guarantee_report_date_idx" ON "service_requests" USING btree ("machine_guarantee_end_date","report_date","id");
