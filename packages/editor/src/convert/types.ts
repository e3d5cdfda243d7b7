import type { SerializedEditorState } from 'lexical';
import type { StylePresets } from '../styles/presets';

/** What every importer gives: the editor's serialized state, a title, and a lexdoc's own style presets. */
export interface ConvertedDocument {
  editorState: SerializedEditorState;
  /** The file's own title (lexdoc meta, DOCX core properties), else its first line; '' when none. */
  title: string;
  styles?: StylePresets;
}

/** What every exporter takes. */
export interface ExportInput {
  editorState: SerializedEditorState;
  title: string;
  docId?: string;
  styles?: StylePresets;
}
