ALTER TABLE "chat_messages" ADD COLUMN "stop_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "watched_at" timestamp with time zone;