DROP INDEX "products_search_name_idx";--> statement-breakpoint
DROP INDEX "products_search_text_idx";--> statement-breakpoint
DROP INDEX "search_words_word_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_search_name_idx" ON "products" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_text_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);