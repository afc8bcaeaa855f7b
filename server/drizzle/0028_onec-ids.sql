CREATE TABLE "onec_products" (
	"onec_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"held_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onec_sent_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"sent_version" timestamp with time zone,
	"pending_version" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "onec_products" ADD CONSTRAINT "onec_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_sent_orders" ADD CONSTRAINT "onec_sent_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onec_products_product_idx" ON "onec_products" USING btree ("product_id");