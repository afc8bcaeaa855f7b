CREATE TABLE "instalment_contracts" (
	"contract_id" text PRIMARY KEY NOT NULL,
	"uzum_order_id" text NOT NULL,
	"order_id" text NOT NULL,
	"transaction_id" integer NOT NULL,
	"phone" text NOT NULL,
	"months" integer NOT NULL,
	"monthly" bigint NOT NULL,
	"total" bigint NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "instalment_months" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "instalment_monthly" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "instalment_contract_id" text;--> statement-breakpoint
CREATE INDEX "instalment_contracts_order_idx" ON "instalment_contracts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "instalment_contracts_open_idx" ON "instalment_contracts" USING btree ("updated_at") WHERE "instalment_contracts"."state" <> 'cancelled';