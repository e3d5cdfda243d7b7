CREATE TABLE "registration_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text NOT NULL,
	"signup_credits" integer NOT NULL,
	"per_ip_per_day" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "registration_policy_one_row" CHECK ("registration_policy"."id" = 1),
	CONSTRAINT "registration_policy_mode" CHECK ("registration_policy"."mode" in ('open', 'invite', 'closed')),
	CONSTRAINT "registration_policy_signup_credits" CHECK ("registration_policy"."signup_credits" between 0 and 1000000000),
	CONSTRAINT "registration_policy_per_ip" CHECK ("registration_policy"."per_ip_per_day" between 1 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "granted_through" text;--> statement-breakpoint
ALTER TABLE "registration_policy" ADD CONSTRAINT "registration_policy_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;