import type { SerializedEditorState } from 'lexical';
import { DEFAULT_STYLE_PRESETS, type StylePresets } from '../styles/presets';
import { blockStyleOf, type JsonNode, plainText, rootChildren, walk } from './nodes';

/**
 * A document's structure as the editor shows it, for comparing two imports of one document (the corpus
 * tests, and the round-trip score `pnpm bench docx` prints): its top-level blocks with their kind,
 * alignment, paragraph css and runs. A heading's text counts as bold when its run is or when the document's
 * preset for its level is, since that is how it looks.
 */
export interface BlockShape {
  type: string;
  tag: unknown;
  align: JsonNode['format'];
  css: string;
  /** Each run: text, format bits, inline css. */
  runs: Array<[string | undefined, number, string | undefined]>;
}

export function documentShape(
  state: SerializedEditorState,
  presets: StylePresets = DEFAULT_STYLE_PRESETS,
): BlockShape[] {
  return rootChildren(state).map((n) => {
    const preset = n.type === 'heading' ? presets[n.tag as 'h1' | 'h2' | 'h3'] : undefined;
    return {
      type: n.type,
      tag: n.tag ?? n.listType,
      align: n.format,
      css: blockStyleOf(n),
      runs: [...walk(n)]
        .filter((t) => t.type === 'text')
        .map((t) => [t.text, Number(t.format) | (preset?.bold ? 1 : 0), t.style]),
    };
  });
}

/** What the editor's outline lists: the top-level headings 1–3, as [tag, text]. */
export const documentOutline = (state: SerializedEditorState) =>
  rootChildren(state)
    .filter((n) => n.type === 'heading')
    .map((n) => [n.tag, plainText(n).trim()]);

export interface StructuralScore {
  /** 0…1: the share of the four aspects (kind, alignment, paragraph css, runs) kept, over all blocks. */
  score: number;
  /** Blocks compared: the longer document's count. */
  blocks: number;
  /** Blocks kept in all four aspects. */
  identical: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * How much of a document's structure a second reading kept, block by block in order: each block scores a
 * quarter for its kind (type and level or list type), its alignment, its paragraph css and its runs (text,
 * format and inline css alike). A block missing from either side scores nothing.
 */
export function structuralScore(
  before: readonly BlockShape[],
  after: readonly BlockShape[],
): StructuralScore {
  const blocks = Math.max(before.length, after.length);
  if (blocks === 0) return { score: 1, blocks: 0, identical: 0 };
  let points = 0;
  let identical = 0;
  for (let i = 0; i < Math.min(before.length, after.length); i++) {
    const a = before[i] as BlockShape;
    const b = after[i] as BlockShape;
    const kept = [
      a.type === b.type && a.tag === b.tag,
      same(a.align, b.align),
      a.css === b.css,
      same(a.runs, b.runs),
    ].filter(Boolean).length;
    points += kept / 4;
    if (kept === 4) identical++;
  }
  return { score: points / blocks, blocks, identical };
}
