import { $convertFromMarkdownString, TRANSFORMERS } from '@lexical/markdown';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor } from 'lexical';
import type { DocumentContent } from '../documents/types';
import { EDITOR_NAMESPACE, editorNodes, editorTheme } from '../model/config';
import { $documentTitle } from '../plugins/AutosavePlugin';
import { normalizeStylePresets } from '../styles/presets';
import { importKindOf } from './fileNames';
import { decodeText, InvalidDocumentFileError, parseLexdoc } from './lexdoc';

export class ComingSoonFileError extends Error {
  constructor() {
    super('DOCX');
    this.name = 'ComingSoonFileError';
  }
}

export interface ImportedDocument {
  content: DocumentContent;
  /** The record's title: the file's own title (lexdoc), else its first line. */
  title: string;
}

/** An editor with the word processor's nodes that is never shown: converters run their updates in it. */
export function offscreenEditor() {
  return createEditor({
    namespace: EDITOR_NAMESPACE,
    nodes: [...editorNodes],
    theme: editorTheme,
    onError(error) {
      throw error;
    },
  });
}

/**
 * Markdown (headings, quotes, lists, code blocks, links, bold/italic/code) as the content of a new
 * document, converted by Lexical's own Markdown transformers in an editor that is never shown; titled by its
 * first line. Used for an opened .md file and by apps that hand text to the word processor (the chat's
 * 在文档中打开).
 */
export function documentFromMarkdown(markdown: string): ImportedDocument {
  const editor = offscreenEditor();
  editor.update(() => $convertFromMarkdownString(markdown, TRANSFORMERS), { discrete: true });
  const state = editor.getEditorState();
  return {
    content: { version: '2.0.0', editorState: state.toJSON() },
    title: state.read(() => $documentTitle()),
  };
}

/** Plain text as the content of a new document: one paragraph per line, titled by its first line. */
export function documentFromText(text: string): ImportedDocument {
  const editor = offscreenEditor();
  editor.update(
    () => {
      const root = $getRoot();
      root.clear();
      for (const line of text.split(/\r?\n/)) {
        const paragraph = $createParagraphNode();
        if (line) paragraph.append($createTextNode(line));
        root.append(paragraph);
      }
    },
    { discrete: true },
  );
  const state = editor.getEditorState();
  return {
    content: { version: '2.0.0', editorState: state.toJSON() },
    title: state.read(() => $documentTitle()),
  };
}

/**
 * Reads an opened file into the content of a new document, in an editor of its own that is never shown:
 * the open document is not touched. The snapshot is parsed by Lexical before it is kept, so a file with
 * unknown nodes is refused here rather than stored as a document that cannot load.
 */
export async function importDocumentFile(file: File): Promise<ImportedDocument> {
  const kind = importKindOf(file.name);
  if (kind === 'docx') throw new ComingSoonFileError();
  const text = decodeText(await file.arrayBuffer());
  if (kind === 'markdown') return documentFromMarkdown(text);
  if (kind !== 'lexdoc') return documentFromText(text);
  const editor = offscreenEditor();
  const parsed = parseLexdoc(text);
  try {
    editor.setEditorState(editor.parseEditorState(JSON.stringify(parsed.editorState)));
  } catch {
    // Nodes this editor does not know, or a malformed tree.
    throw new InvalidDocumentFileError();
  }
  const styles = parsed.styles ? normalizeStylePresets(parsed.styles) : undefined;
  const fileTitle = parsed.title?.trim() || undefined;
  const state = editor.getEditorState();
  const firstLine = state.read(() => $documentTitle());
  return {
    content: {
      version: '2.0.0',
      editorState: state.toJSON(),
      ...(styles ? { styles } : {}),
      ...(fileTitle ? { title: fileTitle } : {}),
    },
    title: fileTitle ?? firstLine,
  };
}
