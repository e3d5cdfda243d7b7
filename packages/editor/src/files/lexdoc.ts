import type { SerializedEditorState } from 'lexical';
import { EDITOR_SNAPSHOT_VERSION, LEXDOC_FORMAT, LEXDOC_VERSION } from '../constants';
import { t } from '../i18n/zh-CN';
import type { StylePresets } from '../styles/presets';

/** The local file format of spec 02 §3: a lexdoc package, version 2. */
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
  assets: Array<{ id: string; type: string; src: string }>;
  styles?: StylePresets;
}

interface NodeLike {
  type?: string;
  style?: string;
  /** Node state: paragraph formatting lives here (wxBlockStyle). */
  $?: Record<string, unknown>;
  format?: number | string;
  src?: string;
  children?: NodeLike[];
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
  const walk = (node: NodeLike) => {
    stats.nodeCount += 1;
    if (
      node.style ||
      (typeof node.format === 'number' && node.format !== 0) ||
      (typeof node.format === 'string' && node.format)
    )
      stats.styledNodeCount += 1;
    if (node.type === 'table') stats.tableCount += 1;
    if (node.type === 'image') {
      stats.imageCount += 1;
      if (node.src)
        assets.push({
          id: `img-${assets.length + 1}`,
          type: /^data:([^;]+)/.exec(node.src)?.[1] ?? 'image',
          src: node.src,
        });
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(input.editorState.root as unknown as NodeLike);
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

export class InvalidDocumentFileError extends Error {
  constructor() {
    super(t.file.unreadable);
    this.name = 'InvalidDocumentFileError';
  }
}

/** Reads a .lexdoc file, or a plain snapshot with a root or lexicalState field (spec 02 §3). */
export function parseLexdoc(text: string): {
  editorState: SerializedEditorState;
  title?: string;
  styles?: unknown;
} {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InvalidDocumentFileError();
  }
  if (!data || typeof data !== 'object') throw new InvalidDocumentFileError();
  const object = data as Record<string, unknown>;
  if (object.format === LEXDOC_FORMAT && object.content && typeof object.content === 'object') {
    const content = object.content as Record<string, unknown>;
    if (!content.root) throw new InvalidDocumentFileError();
    const meta = object.meta as { title?: unknown } | undefined;
    return {
      editorState: { root: content.root } as SerializedEditorState,
      ...(typeof meta?.title === 'string' ? { title: meta.title } : {}),
      styles: object.styles,
    };
  }
  if (object.root && typeof object.root === 'object')
    return { editorState: { root: object.root } as SerializedEditorState };
  const nested = object.lexicalState;
  if (nested && typeof nested === 'object' && (nested as Record<string, unknown>).root)
    return { editorState: { root: (nested as Record<string, unknown>).root } as SerializedEditorState };
  if (typeof nested === 'string') return parseLexdoc(nested);
  throw new InvalidDocumentFileError();
}

/** Chinese .txt files are often GB18030: decode UTF-8 strictly, fall back to GB18030, drop a BOM. */
export function decodeText(bytes: ArrayBuffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

export function downloadFile(name: string, type: string, content: string | Uint8Array) {
  const url = URL.createObjectURL(new Blob([content as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
