CREATE TABLE "invite_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_hash" text NOT NULL,
	"note" text,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_codes_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "invite_codes_uses_within_max" CHECK ("invite_codes"."uses" <= "invite_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"account" text NOT NULL,
	"device_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_account_device_hash_pk" PRIMARY KEY("account","device_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prev_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"sliding" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_slots" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"leases" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_slots" ADD CONSTRAINT "stream_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_seen" ON "known_devices" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "rate_counters_expires" ON "rate_counters" USING btree ("expires_at");--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;