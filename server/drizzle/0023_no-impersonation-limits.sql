ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "instalment_contracts" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_open_by_address_idx" ON "orders" USING btree ("client_address") WHERE "orders"."client_address" is not null and "orders"."status" = 'new';--> statement-breakpoint
CREATE INDEX "quotes_address_idx" ON "quotes" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "quotes_phone_idx" ON "quotes" USING btree ("phone_number","created_at");