import { ListItemNode } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { mergeRegister } from '@lexical/utils';
import { $getNodeByKey, $isElementNode, type Klass, type LexicalNode, ParagraphNode } from 'lexical';
import { useEffect } from 'react';
import { $getBlockStyle, applyBlockStyleToDOM } from '../model/blockStyle';

const BLOCKS: Array<Klass<LexicalNode>> = [ParagraphNode, HeadingNode, QuoteNode, ListItemNode];

/**
 * Paragraph formatting (line height, special indent, distributed alignment) lives in each block's node
 * state (blockStyle.ts), which Lexical saves but does not render; this puts it on the block's DOM element.
 */
export function BlockStylePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        ...BLOCKS.map((klass) =>
          editor.registerMutationListener(klass, (mutations) => {
            editor.getEditorState().read(() => {
              for (const [key, mutation] of mutations) {
                if (mutation === 'destroyed') continue;
                const node = $getNodeByKey(key);
                const dom = editor.getElementByKey(key);
                if (dom && $isElementNode(node)) {
                  const css = $getBlockStyle(node);
                  // Most blocks carry no style: skip the DOM write unless something was set before.
                  if (css || dom.style.length) applyBlockStyleToDOM(dom, css);
                }
              }
            });
          }),
        ),
      ),
    [editor],
  );
  return null;
}
