CREATE TABLE "click_fiscal_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "click_fiscal_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fiscal_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"url" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_keys" (
	"provider" text PRIMARY KEY NOT NULL,
	"secret_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_payment_due_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "click_fiscal_outbox_transaction_idx" ON "click_fiscal_outbox" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "click_fiscal_outbox_due_idx" ON "click_fiscal_outbox" USING btree ("next_attempt_at","id") WHERE "click_fiscal_outbox"."state" in ('pending', 'submitted');--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_provider_idx" ON "fiscal_receipts" USING btree ("provider","provider_id","kind");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_order_idx" ON "fiscal_receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."payment_status" in ('unpaid', 'pending', 'failed') and "orders"."status" = 'new';