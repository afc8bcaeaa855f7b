CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"contact_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"company" text,
	"items" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reply_note" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"order_id" text,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_type" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bank_transfer" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text;--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number") WHERE "orders"."invoice_number" is not null;--> statement-breakpoint
CREATE INDEX "orders_buyer_type_idx" ON "orders" USING btree ("buyer_type","created_at","id");