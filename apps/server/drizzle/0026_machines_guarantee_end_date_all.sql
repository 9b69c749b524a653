DROP INDEX "machines_guarantee_end_date_idx";--> statement-breakpoint
CREATE INDEX "machines_guarantee_end_date_idx" ON "machines" USING btree ("guarantee_end_date","id");