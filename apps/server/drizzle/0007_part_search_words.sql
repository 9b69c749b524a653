CREATE TABLE "part_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "part_search_words_trgm_idx" ON "part_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Every word of 4+ letters of the inserted or updated parts' search_text (folded by the server's
-- buildPartSearchText, so no normalisation here). Statement-level with transition tables: one INSERT per
-- import batch, not per row.
CREATE FUNCTION "part_search_words_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO part_search_words (word)
  SELECT DISTINCT w.word
    FROM changed_parts, regexp_split_to_table(changed_parts.search_text, '[^a-z]+') AS w(word)
   WHERE length(w.word) >= 4
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "parts_search_words_insert" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS changed_parts
  FOR EACH STATEMENT EXECUTE FUNCTION "part_search_words_collect"();
--> statement-breakpoint
CREATE TRIGGER "parts_search_words_update" AFTER UPDATE ON "parts" REFERENCING NEW TABLE AS changed_parts
  FOR EACH STATEMENT EXECUTE FUNCTION "part_search_words_collect"();
--> statement-breakpoint
INSERT INTO "part_search_words" ("word")
SELECT DISTINCT w.word FROM "parts", regexp_split_to_table("parts"."search_text", '[^a-z]+') AS w(word)
 WHERE length(w.word) >= 4
ON CONFLICT DO NOTHING;
