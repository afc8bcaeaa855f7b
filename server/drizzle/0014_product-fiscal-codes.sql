ALTER TABLE "products" ADD COLUMN "ikpu" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_percent" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_percent_known" CHECK ("products"."vat_percent" in (0, 12));