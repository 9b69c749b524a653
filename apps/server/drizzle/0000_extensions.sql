-- Trigram indexes (parts, users and machine search) and unaccent for ad-hoc queries. Both extensions are
-- "trusted" since PostgreSQL 13, so a database owner without superuser rights may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
