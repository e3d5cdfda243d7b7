import { createEditor, type SerializedEditorState } from 'lexical';
import { DEFAULT_DOCUMENT_TITLE } from '../constants';
import { ConvertError } from '../convert/errors';
import { markdownToDocument } from '../convert/markdown';
import { textToDocument } from '../convert/text';
import type { ConvertedDocument } from '../convert/types';
import type { DocumentContent } from '../documents/types';
import { t } from '../i18n/zh-CN';
import { EDITOR_NAMESPACE, editorNodes, editorTheme } from '../model/config';
import { convertFileToDocument } from './convertClient';

export interface ImportedDocument {
  content: DocumentContent;
  /** The record's title: the file's own title (lexdoc, DOCX), else its first line. */
  title: string;
}

/**
 * A converted state, checked by parsing it in an editor that is never shown: a file with nodes this
 * editor does not know, or a malformed tree, is refused here rather than stored as a document that cannot
 * load. Returns the state as Lexical normalizes it.
 */
export function checkedEditorState(state: SerializedEditorState): SerializedEditorState {
  const editor = createEditor({
    namespace: EDITOR_NAMESPACE,
    nodes: [...editorNodes],
    theme: editorTheme,
    onError(error) {
      throw error;
    },
  });
  try {
    const parsed = editor.parseEditorState(JSON.stringify(state));
    if (parsed.isEmpty()) throw new Error('empty');
    return parsed.toJSON();
  } catch (cause) {
    throw new ConvertError('EMPTY_CONTENT', t.convert.emptyContent, { cause });
  }
}

function imported(converted: ConvertedDocument, keepTitle: boolean): ImportedDocument {
  const title = converted.title.trim() || DEFAULT_DOCUMENT_TITLE;
  return {
    content: {
      version: '2.0.0',
      editorState: checkedEditorState(converted.editorState),
      ...(converted.styles ? { styles: converted.styles } : {}),
      ...(keepTitle && converted.title.trim() ? { title: converted.title.trim() } : {}),
    },
    title,
  };
}

/**
 * Markdown as the content of a new document, titled by its first line: an opened .md file and apps that
 * hand text to the word processor (the chat's 在文档中打开) take this one Markdown path (convert/markdown.ts).
 */
export function documentFromMarkdown(markdown: string): ImportedDocument {
  return imported(markdownToDocument(markdown), false);
}

/** Plain text as the content of a new document: one paragraph per line, titled by its first line. */
export function documentFromText(text: string): ImportedDocument {
  return imported(textToDocument(new TextEncoder().encode(text)), false);
}

/**
 * Reads an opened file into the content of a new document (in the converters' worker when there is one);
 * the open document is not touched. A lexdoc or DOCX file brings its own title.
 */
export async function importDocumentFile(file: File): Promise<ImportedDocument> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const converted = await convertFileToDocument(file.name, bytes);
  const kind = file.name.toLowerCase();
  return imported(converted, kind.endsWith('.lexdoc') || kind.endsWith('.docx'));
}
