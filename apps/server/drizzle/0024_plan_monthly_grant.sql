ALTER TABLE "plans" ADD COLUMN "monthly_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "grant_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_plan" ON "users" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_monthly_credits_non_negative" CHECK ("plans"."monthly_credits" >= 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_grant_day_in_month" CHECK ("plans"."grant_day" between 1 and 28);