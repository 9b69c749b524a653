CREATE INDEX "machines_name_trgm_idx" ON "machines" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_report_date_idx" ON "service_requests" USING btree ("report_date","id");--> statement-breakpoint
CREATE INDEX "service_requests_last_message_at_asc_idx" ON "service_requests" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_status_changed_at_idx" ON "service_requests" USING btree ("status_changed_at","id");