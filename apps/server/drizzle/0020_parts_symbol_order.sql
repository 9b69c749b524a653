-- The part search reads a common text's first results in symbol order instead of all its matches
-- (apps/server/src/features/catalog/part-ranking.ts).
CREATE INDEX "parts_symbol_id_idx" ON "parts" USING btree ("symbol","id");
