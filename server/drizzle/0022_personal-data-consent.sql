ALTER TABLE "orders" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "consent" jsonb;