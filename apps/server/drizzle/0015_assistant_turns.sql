-- The writing assistant's turns take the assistant's name. Renamed in place: the rows, the key, the
-- foreign key and the indexes stay as they are, only their names change. The constraints are renamed
-- by what they are called, as PostgreSQL 18 also names each NOT NULL (doc_chat_turns_<column>_not_null).
ALTER TABLE "doc_chat_turns" RENAME TO "assistant_turns";--> statement-breakpoint
DO $$
DECLARE
  old_name text;
BEGIN
  FOR old_name IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'public.assistant_turns'::regclass AND conname LIKE 'doc\_chat\_turns\_%'
  LOOP
    EXECUTE format(
      'ALTER TABLE "public"."assistant_turns" RENAME CONSTRAINT %I TO %I',
      old_name,
      'assistant_turns_' || substr(old_name, length('doc_chat_turns_') + 1)
    );
  END LOOP;
END $$;--> statement-breakpoint
ALTER INDEX "doc_chat_turns_history" RENAME TO "assistant_turns_history";--> statement-breakpoint
ALTER INDEX "doc_chat_turns_status" RENAME TO "assistant_turns_status";
