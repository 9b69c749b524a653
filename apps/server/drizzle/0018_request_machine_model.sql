-- The queue filters by the model on the request now (below); nothing else looks machines up by exact name.
DROP INDEX "machines_name_idx";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "machine_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every existing request gets its machine's model; the index is built after, over the final values.
UPDATE "service_requests" r SET "machine_model" = m."name" FROM "machines" m WHERE m."id" = r."machine_id";--> statement-breakpoint
-- A request takes its machine's model when it is filed and when it is moved to another machine...
CREATE FUNCTION service_requests_machine_model() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m."name" INTO NEW."machine_model" FROM "machines" m WHERE m."id" = NEW."machine_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_requests_machine_model BEFORE INSERT OR UPDATE OF "machine_id" ON "service_requests"
  FOR EACH ROW EXECUTE FUNCTION service_requests_machine_model();--> statement-breakpoint
-- ...and follows it when the machine's name changes (an ERP import renames a model).
CREATE FUNCTION machines_model_to_service_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_requests" SET "machine_model" = NEW."name" WHERE "machine_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER machines_model_to_service_requests AFTER UPDATE OF "name" ON "machines"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION machines_model_to_service_requests();--> statement-breakpoint
CREATE INDEX "service_requests_machine_model_report_date_idx" ON "service_requests" USING btree ("machine_model","report_date","id");
