import type { Block, Run } from '../files/pdf/blocks';

/*
 * Page references (交叉引用 › 页码) in the PDF, with the PDF's own page numbers. A bookmark's place is an
 * empty run carrying its name (`anchor`), a page reference a run carrying its target (`pageRef`) whose text
 * is the number the editor last showed. Once a first layout, drawing nothing (toc/pdf.ts pagesOfBlocks),
 * says which page each block starts on, each page reference gets the page of the block its bookmark is in,
 * as the page view numbers it: the page a top-level block starts on.
 */

/** Every run of a block, a table's cells' blocks included. */
function* runsOf(block: Block): Generator<Run> {
  if ('runs' in block) yield* block.runs;
  if (block.kind === 'table')
    for (const row of block.rows)
      for (const cell of row) for (const inner of cell.blocks) yield* runsOf(inner);
}

/** Whether the document has a page reference (only then is a first layout needed for it). */
export function hasPageReferences(blocks: readonly Block[]): boolean {
  return blocks.some((block) => {
    for (const run of runsOf(block)) if (run.pageRef !== undefined) return true;
    return false;
  });
}

/**
 * Sets each page reference's text to the page (1 is the first) its bookmark lands on, from the page each
 * block starts on. A reference whose bookmark the layout did not place keeps its text. Returns whether a
 * text changed: the new numbers may be wider or narrower, so the caller lays out again to settle them.
 */
export function fillPageReferences(
  blocks: readonly Block[],
  pages: ReadonlyArray<number | undefined>,
): boolean {
  const pageOfAnchor = new Map<string, number>();
  blocks.forEach((block, i) => {
    const page = pages[i];
    if (page === undefined) return;
    for (const run of runsOf(block))
      if (run.anchor !== undefined && !pageOfAnchor.has(run.anchor)) pageOfAnchor.set(run.anchor, page);
  });
  let changed = false;
  for (const block of blocks)
    for (const run of runsOf(block)) {
      if (run.pageRef === undefined) continue;
      const page = pageOfAnchor.get(run.pageRef);
      if (page === undefined || run.text === String(page)) continue;
      run.text = String(page);
      changed = true;
    }
  return changed;
}
