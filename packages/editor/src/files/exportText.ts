import { $getRoot, createEditor } from 'lexical';
import type { DocumentContent } from '../documents/types';
import { EDITOR_NAMESPACE, editorNodes, editorTheme } from '../model/config';

/**
 * A document's text without formatting: one line per block (the counterpart of documentFromText), read in
 * an editor that is never shown. Markdown goes through the converters' documentToMarkdown.
 */
export function documentToText(content: DocumentContent): string {
  if (!content.editorState) return '';
  const editor = createEditor({
    namespace: EDITOR_NAMESPACE,
    nodes: [...editorNodes],
    theme: editorTheme,
    onError(error) {
      throw error;
    },
  });
  editor.setEditorState(editor.parseEditorState(JSON.stringify(content.editorState)));
  return editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .map((block) => block.getTextContent())
      .join('\n'),
  );
}
