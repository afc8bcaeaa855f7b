CREATE TABLE "received_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "received_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_id" text,
	"recorded_by_name" text,
	"reference" text,
	"transaction_id" integer,
	CONSTRAINT "received_payments_amount_not_negative" CHECK ("received_payments"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_cash_received_by_id_users_id_fk";
--> statement-breakpoint
CREATE INDEX "received_payments_order_idx" ON "received_payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "received_payments_transaction_idx" ON "received_payments" USING btree ("transaction_id") WHERE "received_payments"."transaction_id" is not null;--> statement-breakpoint
-- Money already received keeps reading the same: cash taken, transfers recorded, providers' payments.
INSERT INTO "received_payments" ("order_id", "method", "amount", "received_at", "recorded_at", "recorded_by_id", "recorded_by_name")
SELECT "id", 'cash', "cash_received_amount", "cash_received_at", "cash_received_at", "cash_received_by_id", "cash_received_by_name"
  FROM "orders" WHERE "cash_received_amount" IS NOT NULL AND "cash_received_at" IS NOT NULL
 ORDER BY "cash_received_at";--> statement-breakpoint
INSERT INTO "received_payments" ("order_id", "method", "amount", "received_at", "recorded_at", "recorded_by_id", "recorded_by_name", "reference")
SELECT "id", 'bank_transfer', ("bank_transfer"->>'amount')::bigint, ("bank_transfer"->>'paidAt')::timestamptz,
       ("bank_transfer"->>'at')::timestamptz, "bank_transfer"->>'byId', "bank_transfer"->>'byName', "bank_transfer"->>'reference'
  FROM "orders" WHERE "bank_transfer" IS NOT NULL
 ORDER BY ("bank_transfer"->>'at');--> statement-breakpoint
INSERT INTO "received_payments" ("order_id", "method", "amount", "received_at", "recorded_at", "transaction_id")
SELECT "order_id", "provider", "amount" / 100, "performed_at", "performed_at", "id"
  FROM "payment_transactions" WHERE "state" IN (2, -2) AND "performed_at" IS NOT NULL
 ORDER BY "performed_at", "id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "cash_received_amount";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "cash_received_by_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "cash_received_by_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "cash_received_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "instalment_months";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "instalment_monthly";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "instalment_contract_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "bank_transfer";