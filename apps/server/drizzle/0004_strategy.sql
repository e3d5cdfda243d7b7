CREATE TABLE "strategy_node_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategy_node_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"trade_date" date NOT NULL,
	"node_id" text NOT NULL,
	"node_type" text NOT NULL,
	"node_name_cn" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"execution_status" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"trade_date" date NOT NULL,
	"phase" text NOT NULL,
	"result_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_reports_run_id_unique" UNIQUE("run_id")
);
--> statement-breakpoint
CREATE TABLE "strategy_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"trade_date" date NOT NULL,
	"phase" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "strategy_subscription_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategy_subscription_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategy_node_logs" ADD CONSTRAINT "strategy_node_logs_run_id_strategy_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."strategy_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_reports" ADD CONSTRAINT "strategy_reports_run_id_strategy_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."strategy_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_subscription_events" ADD CONSTRAINT "strategy_subscription_events_subscription_id_strategy_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."strategy_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_subscriptions" ADD CONSTRAINT "strategy_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "strategy_node_logs_day" ON "strategy_node_logs" USING btree ("slug","trade_date","timestamp");--> statement-breakpoint
CREATE INDEX "strategy_reports_recent" ON "strategy_reports" USING btree ("slug","trade_date");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_runs_slot" ON "strategy_runs" USING btree ("slug","trade_date","phase");--> statement-breakpoint
CREATE INDEX "strategy_subscription_events_subscription" ON "strategy_subscription_events" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_subscriptions_user_slug" ON "strategy_subscriptions" USING btree ("user_id","slug");