import { $convertToMarkdownString, TRANSFORMERS } from '@lexical/markdown';
import { $getRoot } from 'lexical';
import type { DocumentContent } from '../documents/types';
import { offscreenEditor } from './importFile';

/** The content read into an editor that is never shown, so a converter can walk its nodes. */
function $readContent<T>(content: DocumentContent, read: () => T): T {
  const editor = offscreenEditor();
  if (content.editorState)
    editor.setEditorState(editor.parseEditorState(JSON.stringify(content.editorState)));
  return editor.getEditorState().read(read);
}

/**
 * A document's content as Markdown (headings, quotes, lists, code blocks, links, bold/italic/code), by
 * Lexical's own transformers, as the 导出为 Markdown menu item writes it. The counterpart of
 * documentFromMarkdown: a host that stores Markdown gives it with one and takes it back with the other.
 */
export function documentToMarkdown(content: DocumentContent): string {
  return $readContent(content, () => $convertToMarkdownString(TRANSFORMERS));
}

/** A document's text without formatting: one line per paragraph (the counterpart of documentFromText). */
export function documentToText(content: DocumentContent): string {
  return $readContent(content, () =>
    $getRoot()
      .getChildren()
      .map((block) => block.getTextContent())
      .join('\n'),
  );
}
