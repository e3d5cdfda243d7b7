import type { BaseSelection, LexicalEditor } from 'lexical';
import { $getBlockStyle, $patchElementStyle } from '../model/blockStyle';
import { $selectedBlocks } from '../model/commands';
import { hasBreakBefore } from './pageBreakFormats';

/**
 * 段前分页 ("page break before"): a paragraph that always starts a page. Kept as `break-before: page` in the
 * paragraph's block style, which the paper puts on its element (so the browser's print honours it), the
 * PDF export reads, and DOCX writes as w:pageBreakBefore.
 */

/** Whether every block of the selection starts a page (what the paragraph dialog's box shows). */
export function $selectionBreaksBefore(selection?: BaseSelection | null): boolean {
  const blocks = $selectedBlocks(selection);
  return blocks.length > 0 && blocks.every((block) => hasBreakBefore($getBlockStyle(block)));
}

/** Sets or clears 段前分页 on the selection's blocks, in one undo step. */
export function setBreakBefore(editor: LexicalEditor, on: boolean): void {
  editor.update(() => {
    for (const block of $selectedBlocks()) $patchElementStyle(block, { 'break-before': on ? 'page' : '' });
  });
}
