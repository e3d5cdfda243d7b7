DROP INDEX "chat_messages_session_position";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "selected_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_parent_id_chat_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_parent" ON "chat_messages" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "chat_messages_session_position" ON "chat_messages" USING btree ("session_id","position");--> statement-breakpoint
-- Chats from before versions are one branch: each message follows the one before it in its session.
UPDATE "chat_messages" AS "m" SET "parent_id" = "p"."id", "selected_at" = "m"."created_at"
FROM "chat_messages" AS "p"
WHERE "p"."session_id" = "m"."session_id" AND "p"."position" = "m"."position" - 1;--> statement-breakpoint
UPDATE "chat_messages" SET "selected_at" = "created_at" WHERE "parent_id" IS NULL;
