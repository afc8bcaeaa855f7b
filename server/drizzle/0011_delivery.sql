CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"slots" text[] NOT NULL,
	"slot_capacity" integer NOT NULL,
	"closed_weekdays" integer[] NOT NULL,
	"carry_per_floor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"region" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"fee" bigint NOT NULL,
	"free_from" bigint,
	"lead_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_money" CHECK ("delivery_zones"."fee" >= 0 and "delivery_zones"."lead_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'arrange' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_region" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_floor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_lift" boolean;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_assembly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembly_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carry_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_status" text DEFAULT 'awaiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "assembly_price" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_delivery_day_idx" ON "orders" USING btree ("delivery_date","delivery_slot") WHERE "orders"."delivery_date" is not null;--> statement-breakpoint
-- Default tariffs, estimates (decision 018): set them in the back office.
INSERT INTO "delivery_zones" ("region", "enabled", "fee", "free_from", "lead_days") VALUES
	('tashkent-city', true, 50000, 3000000, 1),
	('tashkent', true, 120000, 8000000, 2),
	('sirdarya', true, 200000, NULL, 3),
	('jizzakh', true, 250000, NULL, 3),
	('samarkand', true, 300000, NULL, 3),
	('andijan', true, 300000, NULL, 3),
	('namangan', true, 300000, NULL, 3),
	('fergana', true, 300000, NULL, 3),
	('kashkadarya', true, 350000, NULL, 4),
	('navoi', true, 350000, NULL, 4),
	('bukhara', true, 400000, NULL, 4),
	('surkhandarya', true, 450000, NULL, 5),
	('khorezm', true, 500000, NULL, 5),
	('karakalpakstan', true, 550000, NULL, 6)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "delivery_settings" ("id", "slots", "slot_capacity", "closed_weekdays", "carry_per_floor")
VALUES (1, ARRAY['09-13', '13-18', '18-21'], 8, ARRAY[7], 15000)
ON CONFLICT DO NOTHING;
