CREATE TABLE "payment_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" integer NOT NULL,
	"provider_time" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"performed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reason" integer,
	CONSTRAINT "payment_transactions_state_known" CHECK ("payment_transactions"."state" in (1, 2, -1, -2)),
	CONSTRAINT "payment_transactions_amount_positive" CHECK ("payment_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_provider_id_idx" ON "payment_transactions" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_id","state");--> statement-breakpoint
CREATE INDEX "payment_transactions_statement_idx" ON "payment_transactions" USING btree ("provider","provider_time");--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_method_idx" ON "orders" USING btree ("payment_method","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."payment_status" in ('unpaid', 'pending') and "orders"."status" = 'new';