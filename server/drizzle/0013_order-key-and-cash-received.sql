ALTER TABLE "orders" ADD COLUMN "order_key_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_by_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_received_by_id_users_id_fk" FOREIGN KEY ("cash_received_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;