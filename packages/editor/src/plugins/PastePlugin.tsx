import { $isCodeNode } from '@lexical/code';
import { $isListItemNode } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $findMatchingParent } from '@lexical/utils';
import { $getSelection, $isRangeSelection, COMMAND_PRIORITY_HIGH, PASTE_COMMAND } from 'lexical';
import { useEffect } from 'react';

/** Bullets and numbers people type or copy in front of list text: •, -, *, 1., 1、, (1), （1）, ①, a). */
const LIST_MARKER = /^\s*(?:[•·●○■□▪◦\-*+]|\d{1,3}[.、．)]|[（(]\d{1,3}[)）]|[①-⑳]|[a-zA-Z][.)])\s*/;

export function stripListMarker(line: string): string {
  return line.replace(LIST_MARKER, '');
}

/**
 * Paste rules of spec 02 §5: HTML pasted into a code block arrives as plain text only; text pasted into a
 * list item loses the bullet or number markers typed in front of each line (the list draws its own).
 */
export function PastePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          if (!(event instanceof ClipboardEvent) || !event.clipboardData) return false;
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return false;
          const anchor = selection.anchor.getNode();
          const text = event.clipboardData.getData('text/plain');
          if ($findMatchingParent(anchor, $isCodeNode)) {
            event.preventDefault();
            selection.insertRawText(text);
            return true;
          }
          if ($findMatchingParent(anchor, $isListItemNode) && text && LIST_MARKER.test(text)) {
            event.preventDefault();
            const lines = text.split(/\r?\n/).map(stripListMarker);
            lines.forEach((line, index) => {
              const current = $getSelection();
              if (!$isRangeSelection(current)) return;
              // Each pasted line becomes its own list item.
              if (index > 0) current.insertParagraph();
              const after = $getSelection();
              if ($isRangeSelection(after) && line) after.insertText(line);
            });
            return true;
          }
          return false;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor],
  );
  return null;
}
