CREATE TABLE "service_time_targets" (
	"priority" smallint PRIMARY KEY NOT NULL,
	"first_reply_minutes" integer NOT NULL,
	"completion_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_time_targets_priority_check" CHECK ("service_time_targets"."priority" BETWEEN 0 AND 3),
	CONSTRAINT "service_time_targets_minutes_check" CHECK ("service_time_targets"."first_reply_minutes" > 0 AND "service_time_targets"."completion_minutes" >= "service_time_targets"."first_reply_minutes")
);
--> statement-breakpoint
CREATE TABLE "service_time_warnings" (
	"service_request_id" bigint NOT NULL,
	"target" text NOT NULL,
	"user_id" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_time_warnings_pkey" PRIMARY KEY("service_request_id","target"),
	CONSTRAINT "service_time_warnings_target_check" CHECK ("service_time_warnings"."target" IN ('reply', 'completion'))
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "reply_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "completion_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "completion_warn_at" timestamp with time zone;--> statement-breakpoint
-- The service times (docs/decisions/066) count working time: Monday to Friday, 8:00 to 16:00 in Poland, 480
-- minutes a day, 2400 a week; public holidays are working days (a holiday makes a target stricter, never kinder).
-- service_time_minutes(local time): the working minutes from Monday 2000-01-03 00:00 up to that moment (a weekend
-- or a night counts nothing). service_time_at(minutes): its inverse, the moment a count of working minutes is
-- reached (a count that ends a day is that day's 16:00, not the next day's 8:00).
CREATE FUNCTION service_time_minutes(local timestamp) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.week * 2400 + CASE WHEN w.dow >= 5 THEN 2400
    ELSE w.dow * 480 + least(greatest(w.minute - 480, 0), 480) END
  FROM (
    SELECT floor(d.days / 7.0) AS week, d.days - floor(d.days / 7.0) * 7 AS dow, d.minute
    FROM (SELECT local::date - date '2000-01-03' AS days,
      extract(epoch FROM local - local::date::timestamp) / 60 AS minute) d
  ) w
$$;--> statement-breakpoint
CREATE FUNCTION service_time_at(minutes double precision) RETURNS timestamp
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date '2000-01-03' + (floor(d.day / 5) * 7 + (d.day - floor(d.day / 5) * 5))::int
    + make_interval(mins => 480) + make_interval(secs => (minutes - d.day * 480) * 60)
  FROM (SELECT ceil(minutes / 480) - 1 AS day) d
$$;--> statement-breakpoint
-- The moment `minutes` working minutes after `start` have passed.
CREATE FUNCTION service_time_due(start timestamptz, minutes double precision) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT service_time_at(service_time_minutes(start AT TIME ZONE 'Europe/Warsaw') + minutes)
    AT TIME ZONE 'Europe/Warsaw'
$$;--> statement-breakpoint
-- Working minutes from now to `due` (negative: overdue by that much).
CREATE FUNCTION service_time_left(due timestamptz, now timestamptz) RETURNS double precision
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT service_time_minutes(due AT TIME ZONE 'Europe/Warsaw') - service_time_minutes(now AT TIME ZONE 'Europe/Warsaw')
$$;--> statement-breakpoint
INSERT INTO "service_time_targets" ("priority", "first_reply_minutes", "completion_minutes") VALUES
  (0, 24 * 60, 20 * 480), (1, 16 * 60, 10 * 480), (2, 8 * 60, 5 * 480), (3, 4 * 60, 2 * 480);--> statement-breakpoint
-- A request's due and warning times from its report date and its priority's targets; the warning when a fifth of
-- the target is left (SERVICE_TIME_WARN_SHARE).
CREATE FUNCTION service_requests_due_times() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t service_time_targets%ROWTYPE;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.priority IS NOT DISTINCT FROM OLD.priority
    AND NEW.report_date IS NOT DISTINCT FROM OLD.report_date THEN
    RETURN NEW;
  END IF;
  SELECT * INTO t FROM service_time_targets WHERE priority = NEW.priority;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  NEW.reply_due_at := service_time_due(NEW.report_date, t.first_reply_minutes);
  NEW.reply_warn_at := service_time_due(NEW.report_date, t.first_reply_minutes * 0.8);
  NEW.completion_due_at := service_time_due(NEW.report_date, t.completion_minutes);
  NEW.completion_warn_at := service_time_due(NEW.report_date, t.completion_minutes * 0.8);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER service_requests_due_times BEFORE INSERT OR UPDATE OF "priority", "report_date" ON "service_requests"
  FOR EACH ROW EXECUTE FUNCTION service_requests_due_times();--> statement-breakpoint
-- Every request so far, by the default targets (before the generated columns: one rewrite of the table, not two).
UPDATE "service_requests" r SET
  reply_due_at = service_time_due(r.report_date, t.first_reply_minutes),
  reply_warn_at = service_time_due(r.report_date, t.first_reply_minutes * 0.8),
  completion_due_at = service_time_due(r.report_date, t.completion_minutes),
  completion_warn_at = service_time_due(r.report_date, t.completion_minutes * 0.8)
FROM "service_time_targets" t WHERE t.priority = r.priority;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "due_at" timestamp with time zone GENERATED ALWAYS AS (CASE WHEN status IN ('F', 'X', 'U') THEN NULL WHEN first_staff_reply_at IS NULL THEN reply_due_at ELSE completion_due_at END) STORED;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "warn_at" timestamp with time zone GENERATED ALWAYS AS (CASE WHEN status IN ('F', 'X', 'U') THEN NULL WHEN first_staff_reply_at IS NULL THEN reply_warn_at ELSE completion_warn_at END) STORED;--> statement-breakpoint
ALTER TABLE "service_time_warnings" ADD CONSTRAINT "service_time_warnings_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_time_warnings" ADD CONSTRAINT "service_time_warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_time_warnings_user_id_idx" ON "service_time_warnings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_requests_due_at_idx" ON "service_requests" USING btree ("due_at","id") WHERE "service_requests"."due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "service_requests_warn_at_idx" ON "service_requests" USING btree ("warn_at","id") WHERE "service_requests"."warn_at" IS NOT NULL;