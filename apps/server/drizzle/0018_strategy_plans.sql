-- Strategy subscriptions are bought with credits: the plans say what they cost, for how long and what they
-- open; each paid change of a subscription records its plan, price and the client's purchase id.
CREATE TABLE "strategy_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_credits" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"benefits" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_plans_price_positive" CHECK ("strategy_plans"."price_credits" > 0),
	CONSTRAINT "strategy_plans_duration_positive" CHECK ("strategy_plans"."duration_days" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_plans_code" ON "strategy_plans" USING btree ("code");--> statement-breakpoint
INSERT INTO "strategy_plans" ("slug", "code", "name", "price_credits", "duration_days", "benefits") VALUES (
	'daily_board_hitting_strategy',
	'board_monthly',
	'策略月度订阅',
	300,
	30,
	'["分钟级情绪指标（盘中每 5 分钟）", "策略执行动态（实时）", "当日推荐个股与交易计划"]'::jsonb
);--> statement-breakpoint
ALTER TABLE "strategy_subscription_events" ADD COLUMN "plan_code" text;--> statement-breakpoint
ALTER TABLE "strategy_subscription_events" ADD COLUMN "price_credits" integer;--> statement-breakpoint
ALTER TABLE "strategy_subscription_events" ADD COLUMN "request_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_subscription_events_request" ON "strategy_subscription_events" USING btree ("subscription_id","request_id");
