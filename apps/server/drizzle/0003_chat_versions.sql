ALTER TABLE "chat_messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "active_leaf_id" uuid;--> statement-breakpoint
CREATE INDEX "chat_messages_parent" ON "chat_messages" USING btree ("session_id","parent_id");--> statement-breakpoint
-- Chats written before versions are one straight line: each message follows the one before it.
UPDATE "chat_messages" AS m SET "parent_id" = p."id"
FROM "chat_messages" AS p
WHERE p."session_id" = m."session_id" AND p."position" = m."position" - 1;
