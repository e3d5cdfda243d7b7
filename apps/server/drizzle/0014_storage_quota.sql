ALTER TABLE "plans" ADD COLUMN "storage_quota_bytes" bigint DEFAULT 1073741824 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "storage_used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "storage_quota_bytes" bigint;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_storage_quota_non_negative" CHECK ("plans"."storage_quota_bytes" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_storage_used_non_negative" CHECK ("users"."storage_used_bytes" >= 0);--> statement-breakpoint
-- Users who already keep files start with what they keep: chat files, cloud documents and unexpired exports.
UPDATE "users" SET "storage_used_bytes" =
  COALESCE((SELECT SUM("size") FROM "chat_attachments" WHERE "chat_attachments"."user_id" = "users"."id"), 0)
  + COALESCE((SELECT SUM("size") FROM "documents" WHERE "documents"."user_id" = "users"."id"), 0)
  + COALESCE((SELECT SUM("size") FROM "export_files" WHERE "export_files"."user_id" = "users"."id"), 0);