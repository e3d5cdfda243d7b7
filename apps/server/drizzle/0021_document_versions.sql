CREATE TABLE "document_versions" (
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"size" integer NOT NULL,
	"size_delta" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'auto' NOT NULL,
	"name" text,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_document_id_version_pk" PRIMARY KEY("document_id","version"),
	CONSTRAINT "document_versions_kind" CHECK ("document_versions"."kind" in ('auto', 'manual', 'restore')),
	CONSTRAINT "document_versions_name_length" CHECK (char_length("document_versions"."name") <= 100)
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_versions_user" ON "document_versions" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "document_versions" ("document_id", "version", "user_id", "title", "content", "size", "size_delta", "kind", "created_at")
SELECT "id", "version", "user_id", "title", "content", "size", 0, 'auto', "updated_at" FROM "documents";--> statement-breakpoint
UPDATE "users" SET "storage_used_bytes" = "users"."storage_used_bytes" + "kept"."bytes"
FROM (SELECT "user_id", sum("size") AS "bytes" FROM "documents" GROUP BY "user_id") AS "kept"
WHERE "users"."id" = "kept"."user_id";
