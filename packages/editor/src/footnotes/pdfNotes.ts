import type { Block, Run } from '../files/pdf/blocks';
import { t } from '../i18n/zh-CN';
import { noteFormatsOf } from './noteFormats';
import { noteMarker } from './numbering';

/** Every run of the blocks, in reading order (table cells row by row). */
function* runsOf(blocks: readonly Block[]): Generator<Run> {
  for (const block of blocks) {
    if ('runs' in block) yield* block.runs;
    else if (block.kind === 'table')
      for (const row of block.rows) for (const cell of row) yield* runsOf(cell.blocks);
  }
}

/**
 * The notes of the printed document, once its blocks are read: each footnote run learns its kind's number
 * style (the layout numbers footnotes page by page as it meets them); each endnote run gets its marker here,
 * in reading order, and the endnotes follow the text as blocks of their own under a 尾注 heading, so the
 * flow sets them like any text, across pages when they are many.
 */
export function withNotes(blocks: Block[], root: unknown): Block[] {
  const formats = noteFormatsOf(root);
  const endnotes: Block[] = [];
  for (const run of runsOf(blocks)) {
    if (run.footnote === undefined) continue;
    if (run.endnote === undefined) {
      run.noteFormat = formats.footnote;
      continue;
    }
    const marker = noteMarker(endnotes.length + 1, formats.endnote);
    run.endnote = marker;
    endnotes.push({
      kind: 'paragraph',
      runs: [{ text: `${marker} `, superscript: false }, { text: run.footnote }],
      align: 'left',
      indent: 0,
      firstLineEm: 0,
      lineHeight: 0,
    });
  }
  if (!endnotes.length) return blocks;
  const heading: Block = {
    kind: 'heading',
    level: 3,
    runs: [{ text: t.notes.endnotes }],
    align: 'left',
    indent: 0,
    firstLineEm: 0,
    lineHeight: 0,
  };
  return [...blocks, heading, ...endnotes];
}
