import type { SerializedEditorState } from 'lexical';
import { EDITOR_SNAPSHOT_VERSION, LEXDOC_FORMAT, LEXDOC_VERSION } from '../constants';
import { t } from '../i18n/zh-CN';
import { normalizeStylePresets, type StylePresets } from '../styles/presets';
import { CONVERT_LIMITS, ConvertError, checkSize } from './errors';
import { documentTitleOf, type JsonNode, walk } from './nodes';
import type { ConvertedDocument, ExportInput } from './types';

/** The local file format: a lexdoc package, version 2. */
export interface LexdocFile {
  format: 'lexdoc';
  version: 2;
  savedAt: string;
  meta: {
    title: string;
    docId: string;
    editor: 'lexical';
    editorVersion: string;
    statistics: { nodeCount: number; styledNodeCount: number; tableCount: number; imageCount: number };
  };
  content: SerializedEditorState & { version?: string };
  /** The document's images, one entry per distinct picture. */
  assets: Array<{ id: string; type: string; src: string }>;
  styles?: StylePresets;
}

export function buildLexdoc(input: {
  title: string;
  docId: string;
  editorState: SerializedEditorState;
  styles?: StylePresets;
  now?: Date;
}): LexdocFile {
  const stats = { nodeCount: 0, styledNodeCount: 0, tableCount: 0, imageCount: 0 };
  const assets: LexdocFile['assets'] = [];
  const seen = new Set<string>();
  for (const node of walk(input.editorState.root as unknown as JsonNode)) {
    stats.nodeCount += 1;
    if (
      node.style ||
      (typeof node.format === 'number' && node.format !== 0) ||
      (typeof node.format === 'string' && node.format) ||
      node.$?.wxBlockStyle
    )
      stats.styledNodeCount += 1;
    if (node.type === 'table') stats.tableCount += 1;
    if (node.type === 'image') {
      stats.imageCount += 1;
      const src = typeof node.src === 'string' ? node.src : '';
      if (src && !seen.has(src)) {
        seen.add(src);
        assets.push({
          id: `img-${assets.length + 1}`,
          type: /^data:([^;,]+)/.exec(src)?.[1] ?? 'image',
          src,
        });
      }
    }
  }
  return {
    format: LEXDOC_FORMAT,
    version: LEXDOC_VERSION,
    savedAt: (input.now ?? new Date()).toISOString(),
    meta: {
      title: input.title,
      docId: input.docId,
      editor: 'lexical',
      editorVersion: EDITOR_SNAPSHOT_VERSION,
      statistics: stats,
    },
    content: { ...input.editorState, version: EDITOR_SNAPSHOT_VERSION },
    assets,
    ...(input.styles ? { styles: input.styles } : {}),
  };
}

const emptyContent = () => new ConvertError('EMPTY_CONTENT', t.convert.emptyContent);

/** A snapshot's root, checked for the shape every Lexical state has (a root holding an array of nodes). */
function rootOf(value: unknown): SerializedEditorState {
  const root = value as JsonNode | null | undefined;
  if (!root || typeof root !== 'object' || root.type !== 'root' || !Array.isArray(root.children))
    throw emptyContent();
  return { root } as unknown as SerializedEditorState;
}

/**
 * Reads a .lexdoc file, or a plain snapshot with a root or lexicalState field. Errors:
 * LEXDOC_PARSE_ERROR when the text is not JSON, LEXDOC_INVALID_FORMAT when `format` is not lexdoc or
 * `version` not a number, EMPTY_CONTENT when there is no editor state in it.
 */
export function parseLexdoc(text: string): {
  editorState: SerializedEditorState;
  title?: string;
  styles?: unknown;
} {
  if (!text.trim()) throw new ConvertError('EMPTY_FILE', t.convert.emptyFile);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    throw new ConvertError('LEXDOC_PARSE_ERROR', t.convert.notJson, { cause });
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new ConvertError('LEXDOC_INVALID_FORMAT', t.convert.invalidFormat);
  const object = data as Record<string, unknown>;
  if ('format' in object || 'version' in object) {
    if (object.format === LEXDOC_FORMAT) {
      if (typeof object.version !== 'number')
        throw new ConvertError('LEXDOC_INVALID_FORMAT', t.convert.invalidFormat);
      const content = object.content as Record<string, unknown> | undefined;
      if (!content || typeof content !== 'object') throw emptyContent();
      const meta = object.meta as { title?: unknown } | undefined;
      return {
        editorState: rootOf(content.root),
        ...(typeof meta?.title === 'string' ? { title: meta.title } : {}),
        styles: object.styles,
      };
    }
    if (!object.root && !object.lexicalState)
      throw new ConvertError('LEXDOC_INVALID_FORMAT', t.convert.invalidFormat);
  }
  if (object.root) return { editorState: rootOf(object.root) };
  const nested = object.lexicalState;
  if (nested && typeof nested === 'object')
    return { editorState: rootOf((nested as Record<string, unknown>).root) };
  if (typeof nested === 'string') return parseLexdoc(nested);
  throw new ConvertError('LEXDOC_INVALID_FORMAT', t.convert.invalidFormat);
}

/** A .lexdoc file (bytes or text) as a document: its own title and style presets come with it. */
export function lexdocToDocument(input: string | ArrayBuffer | Uint8Array): ConvertedDocument {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    checkSize(bytes, CONVERT_LIMITS.packageBytes);
    text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  }
  const parsed = parseLexdoc(text);
  const styles = parsed.styles ? normalizeStylePresets(parsed.styles) : undefined;
  return {
    editorState: parsed.editorState,
    title: parsed.title?.trim() || documentTitleOf(parsed.editorState),
    ...(styles ? { styles } : {}),
  };
}

/** The document as a .lexdoc file's text. */
export function documentToLexdoc(input: ExportInput, now?: Date): string {
  return JSON.stringify(
    buildLexdoc({
      title: input.title,
      docId: input.docId ?? '',
      editorState: input.editorState,
      ...(input.styles ? { styles: input.styles } : {}),
      ...(now ? { now } : {}),
    }),
  );
}
