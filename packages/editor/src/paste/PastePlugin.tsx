import { $insertGeneratedNodes } from '@lexical/clipboard';
import { $isCodeNode } from '@lexical/code';
import { $generateNodesFromDOM } from '@lexical/html';
import { $isListItemNode } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { DRAG_DROP_PASTE } from '@lexical/rich-text';
import { $findMatchingParent, mergeRegister } from '@lexical/utils';
import {
  $addUpdateTag,
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_HIGH,
  PASTE_COMMAND,
  PASTE_TAG,
} from 'lexical';
import { useEffect } from 'react';
import { insertImageFiles } from '../images/insertImage';
import { parsePastedHtml, restoreInlineStyles } from './htmlImport';
import { hasListMarker, stripListMarker } from './listMarker';

const LEXICAL_MIME = 'application/x-lexical-editor';

/**
 * Paste rules: HTML pasted into a code block arrives as plain text only; text pasted into a
 * list item loses the bullet or number markers typed in front of each line (the list draws its own).
 * HTML from Word, WPS or a web page keeps its fonts, sizes, colours, indents and line spacing (see
 * htmlImport.ts; the page's CSP would otherwise drop every inline style). Pasted or dropped files become
 * images when they are images and are refused otherwise.
 */
export function PastePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          PASTE_COMMAND,
          (event) => {
            if (!(event instanceof ClipboardEvent) || !event.clipboardData) return false;
            const data = event.clipboardData;
            const selection = $getSelection();
            if (!$isRangeSelection(selection)) return false;
            const anchor = selection.anchor.getNode();
            const text = data.getData('text/plain');
            if ($findMatchingParent(anchor, $isCodeNode)) {
              event.preventDefault();
              selection.insertRawText(text);
              return true;
            }
            if ($findMatchingParent(anchor, $isListItemNode) && text && hasListMarker(text)) {
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
            const html = data.getData('text/html');
            // The editor's own copies carry Lexical's JSON, which Lexical reads best.
            if (!html || data.types.includes(LEXICAL_MIME)) return false;
            event.preventDefault();
            const files = [...data.files];
            const insertDocument = (dom: Document) => {
              // A picture copied from Word or WPS comes as an image file plus HTML pointing at a local temp
              // file the page cannot read: the file is the picture.
              if (files.length && !dom.body.textContent?.trim()) {
                void insertImageFiles(editor, files);
                return;
              }
              restoreInlineStyles(dom.body);
              editor.update(() => {
                const target = $getSelection();
                if (!$isRangeSelection(target)) return;
                // Its own undo step, as Lexical's paste (PASTE_TAG is a history boundary).
                $addUpdateTag(PASTE_TAG);
                $insertGeneratedNodes(editor, $generateNodesFromDOM(editor, dom), target);
              });
            };
            // The parser's chunk loads on the first paste; the content then goes where the selection is by
            // then. Should it fail to load (the network is gone), the text still arrives, unformatted.
            parsePastedHtml(html).then(insertDocument, () =>
              editor.update(() => {
                const target = $getSelection();
                if ($isRangeSelection(target)) target.insertRawText(text);
              }),
            );
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(
          DRAG_DROP_PASTE,
          (files) => {
            void insertImageFiles(editor, files);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor],
  );
  return null;
}
