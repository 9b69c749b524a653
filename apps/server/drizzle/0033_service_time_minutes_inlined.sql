-- service_time_minutes (migration 0030) as one expression without FROM, in integer days: PostgreSQL inlines such a
-- SQL function into the statement, where the subquery form ran as a function call per row (16 µs: the queue's
-- time left cost 1.6 ms on a page of 100; now 4 µs). The same working minutes: Monday to Friday, 8:00 to 16:00,
-- counted from Monday 2000-01-03; `((days % 7) + 7) % 7` is the weekday also before 2000.
CREATE OR REPLACE FUNCTION service_time_minutes(local timestamp) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((local::date - date '2000-01-03') - ((local::date - date '2000-01-03') % 7 + 7) % 7) / 7 * 2400
    + CASE WHEN ((local::date - date '2000-01-03') % 7 + 7) % 7 >= 5 THEN 2400::double precision
      ELSE ((local::date - date '2000-01-03') % 7 + 7) % 7 * 480
        + least(greatest(date_part('epoch', local - local::date::timestamp) / 60 - 480, 0), 480) END
$$;
