DROP INDEX IF EXISTS "products_stock_idx";--> statement-breakpoint
-- Room on each page for the new version of a row whose stock an order changed (a HOT update).
ALTER TABLE "products" SET (fillfactor = 90);
