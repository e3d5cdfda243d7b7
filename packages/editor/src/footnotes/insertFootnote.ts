import {
  $createRangeSelection,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $setSelection,
  type LexicalEditor,
  SKIP_DOM_SELECTION_TAG,
} from 'lexical';
import { $createFootnoteNode } from './FootnoteNode';
import { createFootnoteId, type NoteKind } from './numbering';

/** Inserts a footnote (or endnote) marker at the selection and returns its id. */
export function insertFootnote(
  editor: LexicalEditor,
  id: string = createFootnoteId(),
  kind: NoteKind = 'footnote',
): string {
  editor.update(
    () => {
      let selection = $getSelection();
      if (!$isRangeSelection(selection)) {
        $getRoot().selectEnd();
        selection = $getSelection();
      }
      if (!$isRangeSelection(selection)) return;
      // The marker goes after the selected text, like Word: the selection becomes the noted passage.
      if (!selection.isCollapsed()) {
        const end = selection.isBackward() ? selection.anchor : selection.focus;
        const caret = $createRangeSelection();
        caret.anchor.set(end.key, end.offset, end.type);
        caret.focus.set(end.key, end.offset, end.type);
        $setSelection(caret);
      }
      $insertNodes([$createFootnoteNode(id, '', kind)]);
      // The focus goes to the new note, not back into the paper.
    },
    { tag: SKIP_DOM_SELECTION_TAG },
  );
  return id;
}
