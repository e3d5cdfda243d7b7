import { $isCodeNode } from '@lexical/code';
import { $isLinkNode } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getSelectionStyleValueForProperty } from '@lexical/selection';
import { $findCellNode, $isTableSelection } from '@lexical/table';
import { $findMatchingParent, $getNearestBlockElementAncestorOrThrow, mergeRegister } from '@lexical/utils';
import {
  $getEditor,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  COMMAND_PRIORITY_LOW,
  type LexicalNode,
  SELECTION_CHANGE_COMMAND,
} from 'lexical';
import { useEffect, useState } from 'react';
import {
  cssFontSizeToPx,
  DEFAULT_FONT_SIZE_PX,
  fontFamilyFromCss,
  TOOLBAR_INITIAL_FONT_SIZE_PX,
} from '../format/units';
import { $getBlockStyle, parseStyle } from './blockStyle';
import { $currentBlockType, type Alignment, type BlockType } from './commands';

/** How often the toolbar's format state is read again while the selection moves. */
export const FORMAT_QUERY_THROTTLE_MS = 120;

export interface FormatState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  blockType: BlockType | null;
  /** A FONT_FAMILIES key, or null when mixed or default. */
  fontFamily: string | null;
  fontSizePx: number | null;
  color: string;
  highlight: string;
  alignment: Alignment;
  /** The caret's paragraph's own css line-height ('1.5', '24px'), '' when it has none. */
  lineHeight: string;
  isLink: boolean;
  linkUrl: string;
  codeLanguage: string | null;
  inTable: boolean;
  canMerge: boolean;
  canUnmerge: boolean;
}

export const initialFormatState: FormatState = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  code: false,
  blockType: 'paragraph',
  fontFamily: null,
  fontSizePx: TOOLBAR_INITIAL_FONT_SIZE_PX,
  color: '',
  highlight: '',
  alignment: 'left',
  lineHeight: '',
  isLink: false,
  linkUrl: '',
  codeLanguage: null,
  inTable: false,
  canMerge: false,
  canUnmerge: false,
};

/**
 * The size the text at a node is drawn at, read from the page: the style presets (a document's own) set
 * headings' and tables' sizes in a stylesheet, so the page is where the real size is. Null without a DOM.
 */
function $renderedFontSizePx(node: LexicalNode): number | null {
  const editor = $getEditor();
  const element = $isTextNode(node) || $isElementNode(node) ? editor.getElementByKey(node.getKey()) : null;
  if (!element || typeof getComputedStyle !== 'function') return null;
  const px = Number.parseFloat(getComputedStyle(element).fontSize);
  return Number.isFinite(px) && px > 0 ? Math.round(px * 100) / 100 : null;
}

function $readFormatState(): FormatState | null {
  const selection = $getSelection();
  if ($isTableSelection(selection)) {
    const cells = selection.getNodes().filter((n) => n.getType() === 'tablecell');
    return { ...initialFormatState, blockType: null, inTable: true, canMerge: cells.length > 1 };
  }
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const link = $findMatchingParent(anchor, $isLinkNode) ?? ($isLinkNode(anchor) ? anchor : null);
  const block = anchor.getKey() === 'root' ? null : $getNearestBlockElementAncestorOrThrow(anchor);
  const blockStyle = block && $isElementNode(block) ? parseStyle($getBlockStyle(block)) : {};
  const format = block && $isElementNode(block) ? block.getFormatType() : '';
  const alignment: Alignment =
    format === 'center' || format === 'right'
      ? format
      : format === 'justify'
        ? blockStyle['text-align-last'] === 'justify'
          ? 'distribute'
          : 'justify'
        : 'left';
  const cell = $findCellNode(anchor);
  const code = $findMatchingParent(anchor, $isCodeNode);
  const size = cssFontSizeToPx($getSelectionStyleValueForProperty(selection, 'font-size', ''));
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    strike: selection.hasFormat('strikethrough'),
    code: selection.hasFormat('code'),
    blockType: $currentBlockType(),
    fontFamily:
      fontFamilyFromCss($getSelectionStyleValueForProperty(selection, 'font-family', ''))?.key ?? null,
    // Text without a size of its own is at its style's size (a heading's, a table header's), as drawn.
    fontSizePx: size ?? $renderedFontSizePx(anchor) ?? DEFAULT_FONT_SIZE_PX,
    color: $getSelectionStyleValueForProperty(selection, 'color', ''),
    highlight: $getSelectionStyleValueForProperty(selection, 'background-color', ''),
    alignment,
    lineHeight: blockStyle['line-height'] ?? '',
    isLink: link !== null,
    linkUrl: $isLinkNode(link) ? link.getURL() : '',
    codeLanguage: $isCodeNode(code) ? (code.getLanguage() ?? 'plain') : null,
    inTable: cell !== null,
    canMerge: false,
    canUnmerge: cell !== null && (cell.getColSpan() > 1 || cell.getRowSpan() > 1),
  };
}

/**
 * The selection's format, re-read after editor updates and selection changes, at most every 120 ms
 * (leading and trailing), so a burst of keystrokes costs one read, not one per key.
 */
export function useFormatState(): FormatState {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState(initialFormatState);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const read = () => {
      timer = undefined;
      last = performance.now();
      const next = editor.getEditorState().read(() => $readFormatState(), { editor });
      if (next) setState((prev) => (shallowEqual(prev, next) ? prev : next));
    };
    const schedule = () => {
      if (timer !== undefined) return;
      const wait = Math.max(0, FORMAT_QUERY_THROTTLE_MS - (performance.now() - last));
      timer = setTimeout(read, wait);
    };
    schedule();
    return mergeRegister(
      editor.registerUpdateListener(schedule),
      editor.registerCommand(
        SELECTION_CHANGE_COMMAND,
        () => {
          schedule();
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
      () => clearTimeout(timer),
    );
  }, [editor]);
  return state;
}

function shallowEqual(a: FormatState, b: FormatState) {
  return (Object.keys(a) as Array<keyof FormatState>).every((key) => a[key] === b[key]);
}
