import { $isListItemNode } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $forEachSelectedTextNode, $setBlocksType } from '@lexical/selection';
import { $getNearestBlockElementAncestorOrThrow } from '@lexical/utils';
import {
  $createParagraphNode,
  $getSelection,
  $isElementNode,
  $isParagraphNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $isTextNode,
  type ElementFormatType,
  type ElementNode,
  type RangeSelection,
  type TextNode,
} from 'lexical';
import { $getBlockStyle, $patchElementStyle, BLOCK_STYLE_PROPERTIES, parseStyle } from '../model/blockStyle';
import { $selectedBlocks } from '../model/commands';

/** The kinds of block whose type the format painter carries over (lists and code blocks keep their own). */
export type PaintedBlockType = 'paragraph' | 'h1' | 'h2' | 'h3' | 'quote';

/**
 * What 复制格式 takes from the selection: the characters' format (Lexical's format bits: bold, italic,
 * underline, strikethrough, code, sub/superscript…, and the inline css: font family, size, colour,
 * highlight) and the paragraph's (its type, alignment, indent level and the editor's paragraph css: line
 * spacing, first-line indent, left indent, distributed alignment).
 */
export interface CapturedFormat {
  text: { format: number; style: string };
  paragraph: {
    /** Null when the block is a list item or code block: its type is then left as it is. */
    blockType: PaintedBlockType | null;
    alignment: ElementFormatType;
    indent: number;
    /** Only the BLOCK_STYLE_PROPERTIES, as css. */
    blockStyle: Record<string, string>;
  };
}

/** The longest inline css carried over; anything longer is not the editor's own and is dropped. */
const MAX_STYLE_LENGTH = 2000;

function paintedBlockType(block: ElementNode): PaintedBlockType | null {
  if ($isParagraphNode(block)) return 'paragraph';
  if ($isQuoteNode(block)) return 'quote';
  if ($isHeadingNode(block)) {
    const tag = block.getTag();
    return tag === 'h1' || tag === 'h2' || tag === 'h3' ? tag : null;
  }
  return null;
}

/** The first text node the selection really covers (a range starting at a node's very end starts after it). */
function $firstSelectedText(selection: RangeSelection): TextNode | null {
  if (selection.isCollapsed()) {
    const node = selection.anchor.getNode();
    return $isTextNode(node) ? node : null;
  }
  const start = selection.isBackward() ? selection.focus : selection.anchor;
  const texts = selection.getNodes().filter($isTextNode);
  const first = texts[0];
  if (!first) return null;
  if (first.getKey() === start.key && start.offset >= first.getTextContentSize() && texts[1]) return texts[1];
  return first;
}

/** The format at the caret or the start of the selection, or null where there is no text selection. */
export function $captureFormat(): CapturedFormat | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const text = $firstSelectedText(selection);
  // A caret in an empty paragraph has no text node: the selection's own format is what typing would get.
  const format = text ? text.getFormat() : selection.format;
  const style = text ? text.getStyle() : selection.style;
  const anchor = text ?? selection.anchor.getNode();
  const found = $isRootOrShadowRoot(anchor) ? null : $getNearestBlockElementAncestorOrThrow(anchor);
  const block = found && $isElementNode(found) && !$isRootOrShadowRoot(found) ? found : null;
  const css = block ? parseStyle($getBlockStyle(block)) : {};
  const blockStyle: Record<string, string> = {};
  for (const property of BLOCK_STYLE_PROPERTIES) if (css[property]) blockStyle[property] = css[property];
  return {
    text: { format, style: style.length > MAX_STYLE_LENGTH ? '' : style },
    paragraph: {
      blockType: block ? paintedBlockType(block) : 'paragraph',
      alignment: block ? block.getFormatType() : '',
      indent: block && !$isListItemNode(block) ? block.getIndent() : 0,
      blockStyle,
    },
  };
}

const createBlock: Record<PaintedBlockType, () => ElementNode> = {
  paragraph: () => $createParagraphNode(),
  h1: () => $createHeadingNode('h1'),
  h2: () => $createHeadingNode('h2'),
  h3: () => $createHeadingNode('h3'),
  quote: () => $createQuoteNode(),
};

/**
 * Gives the selection the captured format, as a format painter does: the selected characters take the
 * source's character format whole (what they had of their own is replaced, not mixed), and every
 * paragraph the selection touches takes the source's paragraph format. A caret takes the character format
 * for what is typed next. Returns false where there is no text selection.
 */
export function $applyFormat(captured: CapturedFormat): boolean {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return false;
  const { text, paragraph } = captured;

  // The paragraphs first: changing a block's type replaces the block, and the text nodes move with it.
  const { blockType } = paragraph;
  if (blockType) {
    const differs = $selectedBlocks(selection).some((block) => {
      const current = paintedBlockType(block);
      return current !== null && current !== blockType;
    });
    // Lists and code blocks are left as they are; only paragraphs, headings and quotes change type.
    if (differs && $selectedBlocks(selection).every((block) => paintedBlockType(block) !== null))
      $setBlocksType(selection, createBlock[blockType]);
  }
  const after = $getSelection();
  for (const block of $selectedBlocks(after)) {
    block.setFormat(paragraph.alignment);
    if (!$isListItemNode(block)) block.setIndent(paragraph.indent);
    $patchElementStyle(
      block,
      Object.fromEntries(BLOCK_STYLE_PROPERTIES.map((p) => [p, paragraph.blockStyle[p] ?? ''])),
    );
  }

  if (!$isRangeSelection(after)) return true;
  if (after.isCollapsed()) {
    after.setFormat(text.format);
    after.setStyle(text.style);
    return true;
  }
  $forEachSelectedTextNode((node) => {
    node.setFormat(text.format);
    node.setStyle(text.style);
  });
  // The selection's own format follows, so that typing over it continues in the painted format.
  after.setFormat(text.format);
  after.setStyle(text.style);
  return true;
}
