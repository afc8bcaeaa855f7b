ALTER TABLE "sms_outbox" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "click_fiscal_outbox" ADD COLUMN "kind" text DEFAULT 'receipt' NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","purpose","id");--> statement-breakpoint
CREATE INDEX "sms_outbox_provider_id_idx" ON "sms_outbox" USING btree ("provider_id");