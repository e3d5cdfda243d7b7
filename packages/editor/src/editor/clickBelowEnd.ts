import { $isListNode } from '@lexical/list';
import { $isHeadingNode } from '@lexical/rich-text';
import { $createParagraphNode, $getRoot, $isParagraphNode, type LexicalEditor } from 'lexical';
import type { MouseEvent as ReactMouseEvent } from 'react';

/**
 * A click on the blank paper under the last line puts the caret at the end of the document, as on a sheet
 * in Word, instead of wherever the browser finds a nearest position (often inside a table or code block).
 */
export function clickBelowEnd(editor: LexicalEditor, event: ReactMouseEvent<HTMLDivElement>) {
  if (event.button !== 0 || event.shiftKey) return;
  const root = editor.getRootElement();
  if (!root || (event.target !== root && event.target !== event.currentTarget)) return;
  const last = root.lastElementChild;
  if (last && event.clientY <= last.getBoundingClientRect().bottom) return;
  event.preventDefault();
  editor.update(() => {
    const end = $getRoot().getLastChild();
    // The end of a table or a code block is no place to continue writing: a fresh paragraph follows them.
    if (end && !$isParagraphNode(end) && !$isHeadingNode(end) && !$isListNode(end)) {
      const paragraph = $createParagraphNode();
      end.insertAfter(paragraph);
      paragraph.select();
    } else $getRoot().selectEnd();
  });
  editor.focus();
}
