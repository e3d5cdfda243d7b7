import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import {
  $flushSyncAfterUpdate,
  $getSelection,
  $isRangeSelection,
  BEFORE_INPUT_COMMAND,
  COMMAND_PRIORITY_BEFORE_EDITOR,
  COMMAND_PRIORITY_CRITICAL,
  COMPOSITION_START_COMMAND,
  CONTROLLED_TEXT_INSERTION_COMMAND,
  DELETE_CHARACTER_COMMAND,
  INSERT_LINE_BREAK_COMMAND,
  INSERT_PARAGRAPH_COMMAND,
  KEY_DOWN_COMMAND,
  type LexicalEditor,
  PASTE_COMMAND,
} from 'lexical';
import { useEffect } from 'react';
import { isComposingEvent } from '../composing';
import { $caretInPlaceOf } from '../model/wholeSelection';

/**
 * Typing while nodes are selected as a whole (a clicked picture, a table's cells, any node selected so)
 * goes where $caretInPlaceOf says, never where the browser would put it.
 *
 * Lexical shows such a selection by removing the page's selection while the paper keeps the focus, and it
 * hands every input it cannot apply to a range back to the browser without cancelling it. The browser,
 * focused but without a caret, then edits at a caret of its own at the start of the document, and Lexical
 * reads that back from the page: typing after a click on a picture wrote the text backwards into the first
 * paragraph (and so into the title taken from it).
 *
 * So the selection becomes a caret as soon as a key that types begins (its keydown), after the handlers
 * that give such keys a meaning of their own on a selected node (+ and − resize a picture), and the caret
 * is put in the page at once: the key then types as at any caret, through every other handler. An input
 * method's first key counts too, since its composition cannot be cancelled once started. Input that comes
 * without a key (text committed by an input method or dictation, a drop) is taken in beforeinput, before
 * Lexical would hand it back to the browser, and compositionstart is the last chance for a composition.
 */
export function WholeSelectionTypingPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          KEY_DOWN_COMMAND,
          (event) => {
            const selection = $getSelection();
            if (selection === null || $isRangeSelection(selection) || !startsTyping(event)) return false;
            const { opened } = $caretInPlaceOf(selection);
            $flushSyncAfterUpdate();
            // The paragraph opened for the caret is what Enter would have made.
            if (opened && event.key === 'Enter') {
              event.preventDefault();
              return true;
            }
            return false;
          },
          // After every plugin's own key handling, before Lexical's (which dispatches Enter and the others).
          COMMAND_PRIORITY_BEFORE_EDITOR,
        ),
        editor.registerCommand(
          BEFORE_INPUT_COMMAND,
          (event) => $applyToWholeSelection(editor, event),
          COMMAND_PRIORITY_CRITICAL,
        ),
        editor.registerCommand(
          COMPOSITION_START_COMMAND,
          () => {
            const selection = $getSelection();
            if (selection === null || $isRangeSelection(selection)) return false;
            $caretInPlaceOf(selection);
            $flushSyncAfterUpdate();
            return false;
          },
          COMMAND_PRIORITY_CRITICAL,
        ),
      ),
    [editor],
  );
  return null;
}

/** Whether the key will type: a character (no shortcut), Enter (not Alt+Enter), or an input method's key. */
function startsTyping(event: KeyboardEvent): boolean {
  if (isComposingEvent(event)) return true;
  if (event.ctrlKey || event.metaKey) return false;
  if (event.key === 'Enter') return !event.altKey;
  return [...event.key].length === 1;
}

/**
 * Handles a beforeinput that arrives while whole nodes are selected (input that came without a key the
 * keydown handler took); false when the selection is a range.
 */
export function $applyToWholeSelection(editor: LexicalEditor, event: InputEvent): boolean {
  const selection = $getSelection();
  if (selection === null || $isRangeSelection(selection)) return false;
  const type = event.inputType;
  // Lexical restores a whole state for these, with or without a caret.
  if (type === 'historyUndo' || type === 'historyRedo') return false;
  // Left to the browser, any other input would edit the page at a place of the browser's choosing.
  event.preventDefault();
  // Deleting a selected node is what Backspace and Delete do already (Lexical and the table plugin).
  if (type.startsWith('delete'))
    return editor.dispatchCommand(DELETE_CHARACTER_COMMAND, !type.endsWith('Forward'));
  if (type === 'insertFromPaste' || type === 'insertFromPasteAsQuotation')
    return editor.dispatchCommand(PASTE_COMMAND, event);
  // Formatting comes from the editor's own shortcuts and toolbar; the browser's has nothing to apply to.
  if (!type.startsWith('insert')) return true;
  const { opened } = $caretInPlaceOf(selection);
  const caret = $getSelection();
  if (type === 'insertParagraph') {
    if (!opened) editor.dispatchCommand(INSERT_PARAGRAPH_COMMAND, undefined);
  } else if (type === 'insertLineBreak') {
    if (!opened) editor.dispatchCommand(INSERT_LINE_BREAK_COMMAND, false);
  } else if (event.dataTransfer || !event.data) {
    editor.dispatchCommand(CONTROLLED_TEXT_INSERTION_COMMAND, event);
  } else if ($isRangeSelection(caret)) {
    // Inserted here rather than through CONTROLLED_TEXT_INSERTION_COMMAND, whose listeners may read the
    // page's selection (the table plugin's, for text typed beside a table), which is still the browser's
    // stray one until this update is written to the page.
    // Lines and tabs as Lexical reads pasted text; one line keeps the caret's format.
    if (/[\r\n\t]/.test(event.data)) caret.insertRawText(event.data);
    else caret.insertText(event.data);
  }
  return true;
}
