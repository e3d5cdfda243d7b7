import { $insertNodeToNearestRoot } from '@lexical/utils';
import { $getRoot, $getSelection, $isRangeSelection, type LexicalEditor } from 'lexical';
import { entriesOf } from './entries';
import { $headings, pageOfKey } from './logic';
import { $createTocNode } from './TocNode';

/**
 * 插入 › 目录: a table of contents of the headings 1–3 at the caret, as a block of its own (the paragraph
 * is split there, as a page break splits it); the caret waits after it.
 */
export function insertToc(editor: LexicalEditor): void {
  editor.update(() => {
    const entries = entriesOf($headings(), (h) => pageOfKey(editor, h.key));
    if (!$isRangeSelection($getSelection())) $getRoot().selectStart();
    $insertNodeToNearestRoot($createTocNode(entries));
  });
}
