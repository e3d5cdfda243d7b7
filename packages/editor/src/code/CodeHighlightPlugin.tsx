import {
  $createCodeHighlightNode,
  $isCodeHighlightNode,
  $isCodeNode,
  CodeHighlightNode,
  CodeNode,
} from '@lexical/code';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import {
  $createLineBreakNode,
  $createTabNode,
  $getSelection,
  $isLineBreakNode,
  $isRangeSelection,
  $isTabNode,
  $isTextNode,
  type LexicalNode,
  type PointType,
  TextNode,
} from 'lexical';
import { useEffect } from 'react';
import { tokenizeCode } from './codeTokens';

const sizeOf = (node: LexicalNode) => ($isLineBreakNode(node) ? 1 : node.getTextContentSize());

function $pointOffset(code: CodeNode, point: PointType): number | null {
  const children = code.getChildren();
  if (point.type === 'element' && point.key === code.getKey()) {
    return children.slice(0, point.offset).reduce((sum, child) => sum + sizeOf(child), 0);
  }
  const node = point.getNode();
  let offset = 0;
  for (const child of children) {
    if (child.is(node)) return offset + point.offset;
    offset += sizeOf(child);
  }
  return null;
}

function $setPointAt(code: CodeNode, point: PointType, offset: number) {
  const children = code.getChildren();
  let start = 0;
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as LexicalNode;
    const size = sizeOf(child);
    if ($isTextNode(child) && !$isTabNode(child) && offset <= start + size) {
      point.set(child.getKey(), offset - start, 'text');
      return;
    }
    if (offset <= start) {
      point.set(code.getKey(), i, 'element');
      return;
    }
    start += size;
  }
  point.set(code.getKey(), children.length, 'element');
}

/**
 * Highlights code blocks with the editor's own tokenizer: a transform re-tokenizes a dirty CodeNode and
 * replaces its children only when the tokens differ, keeping the caret at the same text offset.
 */
export function CodeHighlightPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    // Typing changes a text node, not the block: the block is marked so that its transform runs too (only
    // this block is re-tokenized, never the rest of the document).
    const $markCode = (text: TextNode) => {
      if (editor.isComposing()) return;
      const parent = text.getParent();
      if ($isCodeNode(parent)) parent.markDirty();
    };
    return mergeRegister(
      editor.registerNodeTransform(TextNode, $markCode),
      editor.registerNodeTransform(CodeHighlightNode, $markCode),
      editor.registerNodeTransform(CodeNode, (code) => {
        // Typing Chinese into a code block: re-tokenizing mid-composition would eat the IME's text.
        if (editor.isComposing()) return;
        const tokens = tokenizeCode(code.getTextContent(), code.getLanguage());
        const children = code.getChildren();
        const same =
          tokens.length === children.length &&
          tokens.every((token, i) => {
            const child = children[i];
            if (token.text === '\n') return $isLineBreakNode(child);
            if (token.text === '\t') return $isTabNode(child);
            return (
              $isCodeHighlightNode(child) &&
              child.getTextContent() === token.text &&
              (child.__highlightType ?? null) === token.type
            );
          });
        if (same) return;
        const selection = $getSelection();
        let anchor: number | null = null;
        let focus: number | null = null;
        if ($isRangeSelection(selection)) {
          anchor = $pointOffset(code, selection.anchor);
          focus = $pointOffset(code, selection.focus);
        }
        const nodes = tokens.map((token) =>
          token.text === '\n'
            ? $createLineBreakNode()
            : token.text === '\t'
              ? $createTabNode()
              : $createCodeHighlightNode(token.text, token.type ?? undefined),
        );
        code.clear();
        code.append(...nodes);
        if ($isRangeSelection(selection)) {
          if (anchor !== null) $setPointAt(code, selection.anchor, anchor);
          if (focus !== null) $setPointAt(code, selection.focus, focus);
        }
      }),
    );
  }, [editor]);
  return null;
}
