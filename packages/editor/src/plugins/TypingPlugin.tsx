import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  BEFORE_INPUT_COMMAND,
  COMMAND_PRIORITY_LOW,
  CONTROLLED_TEXT_INSERTION_COMMAND,
  IS_ANDROID,
  IS_IOS,
  type LexicalEditor,
} from 'lexical';
import { useEffect } from 'react';

/**
 * Plain typing is inserted by the editor itself instead of by the browser.
 *
 * Left to itself, Lexical lets the browser insert an ordinary typed character and reads it back from the
 * DOM. In a long document that native insertion is the slowest part of a keystroke: Chromium's typing
 * command walks the editable text up to the caret to sync its selection and lays the page out more than
 * once, about 4 ms a key in a 100-page document (bench/editor.bench.ts) against well under 1 ms for the
 * same text written by Lexical's reconciler. So for the plain case (no composition, a collapsed caret in an
 * ordinary text run of a block, one line of text) the beforeinput is cancelled and the text goes through
 * CONTROLLED_TEXT_INSERTION_COMMAND, the path Lexical already takes whenever formats differ. Everything
 * else (input methods, replacements, links, code, phones' keyboards with their own corrections) keeps
 * Lexical's own handling. Lexical has no option for this; its BEFORE_INPUT_COMMAND is the hook it offers.
 */
export function TypingPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    // Touch keyboards predict and correct through the native insertion; they keep it.
    if (IS_ANDROID || IS_IOS) return;
    return editor.registerCommand(
      BEFORE_INPUT_COMMAND,
      (event) => {
        if (!$isPlainTyping(event, editor)) return false;
        event.preventDefault();
        return editor.dispatchCommand(CONTROLLED_TEXT_INSERTION_COMMAND, event.data as string);
      },
      COMMAND_PRIORITY_LOW,
    );
  }, [editor]);
  return null;
}

/** The part of Lexical's private per-editor input state that decides who handles an insertion. */
interface LexicalInputState {
  unprocessedBeforeInputData?: string | null;
  isInsertTextAfterHandledSelectionCommand?: boolean;
}

/** Whether this beforeinput is one line of typed text at a caret inside an ordinary text run. */
export function $isPlainTyping(event: InputEvent, editor: LexicalEditor): boolean {
  const data = event.data;
  if (event.inputType !== 'insertText' || !data || /[\r\n]/.test(data)) return false;
  if (event.isComposing || editor.isComposing()) return false;
  // Lexical keeps a little state of its own between events (a text it has not read back from the DOM yet,
  // a macOS text replacement it means to drop after a selection command): then the event is its to handle.
  const pending = (editor as unknown as { _inputState?: LexicalInputState })._inputState;
  if (
    pending &&
    (pending.unprocessedBeforeInputData != null || pending.isInsertTextAfterHandledSelectionCommand)
  )
    return false;
  // The browser means to replace something (an autocorrection): that is Lexical's to interpret.
  const [target] = event.getTargetRanges?.() ?? [];
  if (target && !target.collapsed) return false;
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || !selection.isCollapsed() || selection.anchor.type !== 'text')
    return false;
  const node = selection.anchor.getNode();
  // Tokens, segmented text, code highlighting and tabs have rules of their own; so do inline parents
  // (a link does not grow when typing at its end).
  if (!$isTextNode(node) || !node.isSimpleText()) return false;
  const parent = node.getParent();
  return $isElementNode(parent) && !parent.isInline();
}
