-- Accounts: a ledger row says what it paid for (model, tokens, the conversation or document), users get a
-- role (operators are admins), and redeem codes (兑换码) come in batches an admin creates.
ALTER TABLE "credit_ledger" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "tokens_in" integer;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "tokens_out" integer;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "target_id" text;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_id" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('user', 'admin'));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "credits_limited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "redeem_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"value" integer NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_batches_value_positive" CHECK ("redeem_batches"."value" > 0),
	CONSTRAINT "redeem_batches_count_positive" CHECK ("redeem_batches"."count" > 0)
);--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeem_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text NOT NULL,
	"used_by" uuid,
	"used_at" timestamp with time zone,
	CONSTRAINT "redeem_codes_code_hash_unique" UNIQUE("code_hash")
);--> statement-breakpoint
ALTER TABLE "redeem_batches" ADD CONSTRAINT "redeem_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_batch_id_redeem_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."redeem_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeem_codes_batch" ON "redeem_codes" USING btree ("batch_id","id");
