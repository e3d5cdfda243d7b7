import { $createCodeNode, $isCodeNode } from '@lexical/code';
import {
  $isListItemNode,
  $isListNode,
  INSERT_CHECK_LIST_COMMAND,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode } from '@lexical/rich-text';
import { $patchStyleText, $setBlocksType } from '@lexical/selection';
import {
  $findCellNode,
  $findTableNode,
  $isTableRowNode,
  $isTableSelection,
  INSERT_TABLE_COMMAND,
} from '@lexical/table';
import { $findMatchingParent, $getNearestBlockElementAncestorOrThrow } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isParagraphNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $isTextNode,
  type BaseSelection,
  type ElementFormatType,
  type ElementNode,
  INDENT_CONTENT_COMMAND,
  type LexicalEditor,
  OUTDENT_CONTENT_COMMAND,
  type TextFormatType,
} from 'lexical';
import { DEFAULT_TABLE, equalColumnWidths } from '../constants';
import {
  FONT_FAMILIES,
  type LineHeightAdv,
  lineHeightToCss,
  type ParagraphSpacing,
  type SpecialIndent,
  spacingFromCss,
  spacingToCss,
  specialIndentToCss,
} from '../format/units';
import { $getBlockStyle, $patchElementStyle, BLOCK_STYLE_PROPERTIES, parseStyle } from './blockStyle';

export const BLOCK_TYPES = [
  'paragraph',
  'h1',
  'h2',
  'h3',
  'bullet',
  'number',
  'check',
  'quote',
  'code',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const ALIGNMENTS = ['left', 'center', 'right', 'justify', 'distribute'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** The selected blocks (top-most element under root or a table cell / list item) of a selection. */
export function $selectedBlocks(selection: BaseSelection | null = $getSelection()): ElementNode[] {
  if (!selection) return [];
  const blocks = new Map<string, ElementNode>();
  for (const node of selection.getNodes()) {
    const block =
      $isElementNode(node) && !node.isInline() && !$isListNode(node) && !$isRootOrShadowRoot(node)
        ? node
        : $findMatchingParent(
            node,
            (n) =>
              $isElementNode(n) &&
              !n.isInline() &&
              !$isListNode(n) &&
              !$isRootOrShadowRoot(n) &&
              !$isTableLike(n),
          );
    if ($isElementNode(block) && !$isTableLike(block)) blocks.set(block.getKey(), block);
  }
  if (blocks.size === 0 && $isRangeSelection(selection)) {
    const block = $getNearestBlockElementAncestorOrThrow(selection.anchor.getNode());
    if (!$isRootOrShadowRoot(block)) blocks.set(block.getKey(), block);
  }
  return [...blocks.values()];
}

function $isTableLike(node: ElementNode): boolean {
  const type = node.getType();
  return type === 'table' || type === 'tablerow' || type === 'tablecell';
}

export function setBlockType(editor: LexicalEditor, type: BlockType, current?: BlockType) {
  if (type === 'bullet' || type === 'number' || type === 'check') {
    if (current === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else
      editor.dispatchCommand(
        type === 'bullet'
          ? INSERT_UNORDERED_LIST_COMMAND
          : type === 'number'
            ? INSERT_ORDERED_LIST_COMMAND
            : INSERT_CHECK_LIST_COMMAND,
        undefined,
      );
    return;
  }
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection) && !$isTableSelection(selection)) return;
    switch (type) {
      case 'paragraph':
        $setBlocksType(selection, () => $createParagraphNode());
        break;
      case 'h1':
      case 'h2':
      case 'h3':
        $setBlocksType(selection, () => $createHeadingNode(type));
        break;
      case 'quote':
        $setBlocksType(selection, () => $createQuoteNode());
        break;
      case 'code':
        if (current === 'code') $setBlocksType(selection, () => $createParagraphNode());
        else $setBlocksType(selection, () => $createCodeNode('plain'));
        break;
    }
  });
}

export function setAlignment(editor: LexicalEditor, alignment: Alignment) {
  editor.update(() => {
    for (const block of $selectedBlocks()) {
      // Lexical has no 'distribute'; justify plus a justified last line is what Word's 分散对齐 looks like.
      const format: ElementFormatType = alignment === 'distribute' ? 'justify' : alignment;
      block.setFormat(format);
      $patchElementStyle(block, { 'text-align-last': alignment === 'distribute' ? 'justify' : '' });
    }
  });
}

/** A text format patch (applyScope is always the selection). */
export interface TextFormatPatch {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  fontFamily?: string | null;
  fontSizePx?: number | null;
  color?: string | null;
  highlight?: string | null;
}

const FORMAT_FLAGS: Array<[keyof TextFormatPatch, TextFormatType]> = [
  ['bold', 'bold'],
  ['italic', 'italic'],
  ['underline', 'underline'],
  ['strike', 'strikethrough'],
  ['code', 'code'],
];

/** Applies a patch to the current selection (inside an update). */
export function $applyTextFormatPatch(patch: TextFormatPatch) {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) && !$isTableSelection(selection)) return;
  const style: Record<string, string | null> = {};
  if (patch.fontFamily !== undefined) {
    style['font-family'] = patch.fontFamily
      ? (FONT_FAMILIES.find((f) => f.key === patch.fontFamily)?.stack ?? null)
      : null;
  }
  if (patch.fontSizePx !== undefined) style['font-size'] = patch.fontSizePx ? `${patch.fontSizePx}px` : null;
  if (patch.color !== undefined) style.color = patch.color || null;
  if (patch.highlight !== undefined) style['background-color'] = patch.highlight || null;
  if (Object.keys(style).length) $patchStyleText(selection, style);
  if ($isRangeSelection(selection)) {
    for (const [key, format] of FORMAT_FLAGS) {
      const wanted = patch[key];
      if (wanted === undefined) continue;
      if (selection.hasFormat(format) !== wanted) selection.formatText(format);
    }
  }
}

export type IndentChange = 'none' | 'inc' | 'dec';

/** Paragraph apply payload. `null` means 不变 (unchanged). */
export interface ParagraphPatch {
  indent: IndentChange;
  lineHeight: LineHeightAdv | null;
  specialIndent: SpecialIndent | null;
  /** 段前 / 段后. */
  spaceBefore: ParagraphSpacing | null;
  spaceAfter: ParagraphSpacing | null;
}

/** Every setting of the patch is 不变 (applyParagraph then clears the paragraph formatting). */
export const isUnchangedParagraphPatch = (patch: ParagraphPatch): boolean =>
  patch.indent === 'none' &&
  patch.lineHeight === null &&
  patch.specialIndent === null &&
  patch.spaceBefore === null &&
  patch.spaceAfter === null;

/** 段前 and 段后 as the 段落 dialog opens on them. */
export interface SelectedSpacing {
  before: ParagraphSpacing | null;
  after: ParagraphSpacing | null;
}

/**
 * The 段前 and 段后 the selected blocks share: null for a side where they differ, or where one of them has
 * none of its own (the editor's default margins then apply, which no value in the dialog stands for).
 */
export function $selectedSpacing(selection?: BaseSelection | null): SelectedSpacing {
  const styles = $selectedBlocks(selection).map((block) => parseStyle($getBlockStyle(block)));
  const shared = (property: string): ParagraphSpacing | null => {
    const values = styles.map((style) => style[property] ?? '');
    const first = values[0];
    return first && values.every((v) => v === first) ? spacingFromCss(first) : null;
  };
  return { before: shared('margin-block-start'), after: shared('margin-block-end') };
}

export function applyParagraph(editor: LexicalEditor, patch: ParagraphPatch) {
  const unchanged = isUnchangedParagraphPatch(patch);
  editor.update(() => {
    const blocks = $selectedBlocks();
    if (unchanged) {
      // All "unchanged" clears the block-level paragraph formatting.
      for (const block of blocks) {
        $patchElementStyle(block, Object.fromEntries(BLOCK_STYLE_PROPERTIES.map((p) => [p, ''])));
        block.setIndent(0);
        block.setFormat('');
      }
      return;
    }
    for (const block of blocks) {
      const styles: Record<string, string> = {};
      if (patch.lineHeight) {
        const css = lineHeightToCss(patch.lineHeight);
        if (css) styles['line-height'] = css;
      }
      if (patch.specialIndent) Object.assign(styles, specialIndentToCss(patch.specialIndent) ?? {});
      for (const [property, spacing] of [
        ['margin-block-start', patch.spaceBefore],
        ['margin-block-end', patch.spaceAfter],
      ] as const) {
        const css = spacing && spacingToCss(spacing);
        if (css) styles[property] = css;
      }
      if (Object.keys(styles).length) $patchElementStyle(block, styles);
    }
  });
  if (patch.indent !== 'none')
    editor.dispatchCommand(
      patch.indent === 'inc' ? INDENT_CONTENT_COMMAND : OUTDENT_CONTENT_COMMAND,
      undefined,
    );
}

/** The toolbar's 行距 menu, as in WPS: multiples of the font size. */
export const LINE_SPACINGS = ['1', '1.15', '1.5', '2', '2.5', '3'] as const;

/** Sets the selected paragraphs' line height (a css line-height, a multiple such as '1.5'). */
export function setLineHeight(editor: LexicalEditor, lineHeight: string) {
  editor.update(() => {
    for (const block of $selectedBlocks()) $patchElementStyle(block, { 'line-height': lineHeight });
  });
}

export type ListType = 'none' | 'bullet' | 'ordered' | 'check';

export function applyList(editor: LexicalEditor, type: ListType, indent: IndentChange) {
  if (type === 'none') editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
  else
    editor.dispatchCommand(
      type === 'bullet'
        ? INSERT_UNORDERED_LIST_COMMAND
        : type === 'ordered'
          ? INSERT_ORDERED_LIST_COMMAND
          : INSERT_CHECK_LIST_COMMAND,
      undefined,
    );
  if (indent !== 'none')
    editor.dispatchCommand(indent === 'inc' ? INDENT_CONTENT_COMMAND : OUTDENT_CONTENT_COMMAND, undefined);
}

/** 清除格式: text formats and inline styles of the selection, and the paragraph formatting of its blocks. */
export function clearFormatting(editor: LexicalEditor) {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection) && !$isTableSelection(selection)) return;
    for (const node of selection.getNodes()) {
      if ($isTextNode(node)) {
        node.setFormat(0);
        node.setStyle('');
      }
    }
    if ($isRangeSelection(selection)) {
      selection.setFormat(0);
      selection.setStyle('');
    }
    for (const block of $selectedBlocks(selection)) {
      $patchElementStyle(block, Object.fromEntries(BLOCK_STYLE_PROPERTIES.map((p) => [p, ''])));
      block.setFormat('');
      if (!$isListItemNode(block)) block.setIndent(0);
    }
  });
}

/** 选择段落: the whole block around the caret. */
export function selectParagraph(editor: LexicalEditor) {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const block = $getNearestBlockElementAncestorOrThrow(selection.anchor.getNode());
    if ($isRootOrShadowRoot(block)) return;
    block.select(0, block.getChildrenSize());
  });
}

export function selectAll(editor: LexicalEditor) {
  editor.update(() => {
    $getRoot().select(0, $getRoot().getChildrenSize());
  });
}

export function $currentBlockType(): BlockType | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const element =
    anchor.getKey() === 'root'
      ? anchor
      : $findMatchingParent(anchor, (n) => {
          const parent = n.getParent();
          return parent !== null && ($isRootOrShadowRoot(parent) || parent.getType() === 'tablecell');
        });
  if (!element) return null;
  if ($isListNode(element)) {
    const type = element.getListType();
    return type === 'bullet' ? 'bullet' : type === 'number' ? 'number' : 'check';
  }
  if ($isHeadingNode(element)) {
    const tag = element.getTag();
    return tag === 'h1' || tag === 'h2' || tag === 'h3' ? tag : 'h3';
  }
  if ($isCodeNode(element)) return 'code';
  if (element.getType() === 'quote') return 'quote';
  return 'paragraph';
}

/**
 * Inserts the default table (3 rows × 4 columns with a header row): empty, as in Word, with the caret in
 * its first cell, so the user types the first heading at once.
 */
export function insertDefaultTable(editor: LexicalEditor) {
  // A table inserted on an empty line takes that line's place, as in Word, rather than leaving a blank
  // paragraph above it (except at the very top, where that line is the only way to write above the table).
  const emptyLine = editor.getEditorState().read(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection) || !selection.isCollapsed()) return null;
    const block = $getNearestBlockElementAncestorOrThrow(selection.anchor.getNode());
    return $isParagraphNode(block) && block.getChildrenSize() === 0 && $isRootOrShadowRoot(block.getParent())
      ? block.getKey()
      : null;
  });
  editor.dispatchCommand(INSERT_TABLE_COMMAND, {
    rows: String(DEFAULT_TABLE.rows),
    columns: String(DEFAULT_TABLE.columns),
    includeHeaders: { rows: DEFAULT_TABLE.withHeader, columns: false },
  });
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const cell = $findCellNode(selection.anchor.getNode());
    const table = cell ? $findTableNode(cell) : null;
    const header = table?.getFirstChild();
    if (!table || !$isTableRowNode(header)) return;
    // Lexical leaves a new table as narrow as its text; a word processor's spans the page.
    if (!table.getColWidths()) table.setColWidths(equalColumnWidths(table.getColumnCount()));
    const before = table.getPreviousSibling();
    if (
      emptyLine &&
      before?.getKey() === emptyLine &&
      $isParagraphNode(before) &&
      before.isEmpty() &&
      before.getPreviousSibling() !== null
    )
      before.remove();
    const firstCell = header.getFirstChild();
    if ($isElementNode(firstCell)) firstCell.selectStart();
  });
}
