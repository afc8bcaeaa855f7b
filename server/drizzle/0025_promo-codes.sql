CREATE TABLE "promo_code_uses" (
	"order_id" text PRIMARY KEY NOT NULL,
	"promo_code_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"discount" bigint NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"min_total" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"categories" text[] DEFAULT '{}' NOT NULL,
	"product_ids" text[] DEFAULT '{}' NOT NULL,
	"max_uses" integer,
	"max_uses_per_phone" integer,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."uses" >= 0),
	CONSTRAINT "promo_codes_money" CHECK ("promo_codes"."value" >= 0 and "promo_codes"."min_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promo_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_idx" ON "promo_code_uses" USING btree ("promo_code_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_code_uses_phone_idx" ON "promo_code_uses" USING btree ("promo_code_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");