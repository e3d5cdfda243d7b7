import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $createRangeSelectionFromDom,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  $setSelection,
  COMMAND_PRIORITY_CRITICAL,
  KEY_DOWN_COMMAND,
  type LexicalEditor,
  type PointType,
} from 'lexical';
import { useEffect } from 'react';
import { isComposingEvent } from '../composing';

/**
 * Makes every key act where the browser's caret is.
 *
 * Lexical learns that a click or a navigation key (End, Ctrl+End, an arrow) moved the caret from the
 * document's selectionchange event, which Chromium queues as an ordinary task and runs after the input
 * it already has. On a busy machine a key pressed right after a click can therefore reach the editor
 * first: Enter would split the paragraph the caret just left, Ctrl+B or Ctrl+Alt+F would act there. So
 * before any other handler sees a key, the two carets are compared and, when the browser's is elsewhere,
 * it is taken, exactly as the selectionchange would have done. Lexical offers no such hook of its own.
 */
export function SelectionSyncPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (event) => {
          // While an input method composes, the caret belongs to it.
          if (!isComposingEvent(event) && !editor.isComposing()) $takeDomSelection(editor);
          return false;
        },
        COMMAND_PRIORITY_CRITICAL,
      ),
    [editor],
  );
  return null;
}

/**
 * Sets the editor's selection to the browser's when they point at different places; returns whether it did.
 * A table or node selection is the editor's own and is left alone, as is a browser selection outside it.
 */
export function $takeDomSelection(editor: LexicalEditor): boolean {
  const root = editor.getRootElement();
  const domSelection = root?.ownerDocument.defaultView?.getSelection() ?? null;
  const { anchorNode, focusNode } = domSelection ?? {};
  if (!root || !domSelection || !anchorNode || !focusNode) return false;
  if (!root.contains(anchorNode) || !root.contains(focusNode)) return false;
  const current = $getSelection();
  if (current !== null && !$isRangeSelection(current)) return false;
  if (
    current &&
    sameDomPoint(editor, current.anchor, anchorNode, domSelection.anchorOffset) &&
    sameDomPoint(editor, current.focus, focusNode, domSelection.focusOffset)
  )
    return false;
  const taken = $createRangeSelectionFromDom(domSelection, editor);
  if (!taken) return false;
  if (current && taken.anchor.is(current.anchor) && taken.focus.is(current.focus)) return false;
  // The format of what is typed next comes from where the caret now is, as after a selectionchange.
  const node = taken.anchor.getNode();
  if ($isTextNode(node)) {
    taken.format = node.getFormat();
    taken.style = node.getStyle();
  } else if ($isElementNode(node)) {
    taken.format = node.getTextFormat();
    taken.style = node.getTextStyle();
  }
  $setSelection(taken);
  return true;
}

/** Whether a text point of the editor is this DOM position (its text node's DOM is a span around one Text). */
function sameDomPoint(editor: LexicalEditor, point: PointType, node: Node, offset: number): boolean {
  if (point.type !== 'text') return false;
  const element = editor.getElementByKey(point.key);
  const text = element?.nodeType === Node.TEXT_NODE ? element : element?.firstChild;
  return text === node && point.offset === offset;
}
