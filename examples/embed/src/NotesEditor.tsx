import '@wanxiang/editor/styles.css';
import {
  documentFromMarkdown,
  documentToMarkdown,
  WordEditor,
  type WordEditorHandle,
} from '@wanxiang/editor';
import { type Ref, useState } from 'react';

export interface NotesEditorProps {
  /** The note as Markdown; read once (key the editor by the note's id to switch notes). */
  markdown: string;
  /** Stores the note: called after an edit, never for merely opening it. */
  onSave(markdown: string): Promise<void>;
  ref?: Ref<WordEditorHandle>;
}

/** The word processor on a Markdown note, with no file menu of its own: the host stores the note. */
export default function NotesEditor({ markdown, onSave, ref }: NotesEditorProps) {
  const [note] = useState(() => documentFromMarkdown(markdown));
  return (
    <WordEditor
      ref={ref}
      documentId="note"
      initialContent={note.content}
      initialTitle={note.title}
      onSave={(content) => onSave(documentToMarkdown(content))}
      hiddenActions={['open', 'saveLocal', 'exportMarkdown']}
    />
  );
}
