import { CodeHighlightNode, CodeNode } from '@lexical/code';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import type { EditorThemeClasses, Klass, LexicalNode } from 'lexical';
import { BookmarkNode } from '../bookmarks/BookmarkNode';
import { XrefNode } from '../bookmarks/XrefNode';
import { FootnoteNode } from '../footnotes/FootnoteNode';
import { FormulaNode } from '../formula/FormulaNode';
import { ImageNode } from '../images/ImageNode';
import { PageBreakNode } from '../pages/PageBreakNode';
import { ShapeNode } from '../shapes/ShapeNode';
import { TocNode } from '../toc/TocNode';

/** Stable class names: the style presets (styles/presets.ts) and the paper's css target them. */
export const editorTheme: EditorThemeClasses = {
  paragraph: 'wx-ed-p',
  quote: 'wx-ed-quote',
  hr: 'wx-ed-hr',
  hrSelected: 'wx-ed-hr-selected',
  heading: { h1: 'wx-ed-h1', h2: 'wx-ed-h2', h3: 'wx-ed-h3' },
  text: {
    bold: 'wx-ed-bold',
    italic: 'wx-ed-italic',
    underline: 'wx-ed-underline',
    strikethrough: 'wx-ed-strike',
    underlineStrikethrough: 'wx-ed-underline-strike',
    code: 'wx-ed-inline-code',
  },
  link: 'wx-ed-link',
  list: {
    ul: 'wx-ed-ul',
    ol: 'wx-ed-ol',
    listitem: 'wx-ed-li',
    nested: { listitem: 'wx-ed-nested-li' },
    listitemChecked: 'wx-ed-li-checked',
    listitemUnchecked: 'wx-ed-li-unchecked',
  },
  table: 'wx-ed-table',
  tableCell: 'wx-ed-td',
  tableCellHeader: 'wx-ed-th',
  tableCellSelected: 'wx-ed-cell-selected',
  tableSelection: 'wx-ed-table-selection',
  code: 'wx-ed-code',
  codeHighlight: {
    comment: 'wx-tok-comment',
    keyword: 'wx-tok-keyword',
    tag: 'wx-tok-tag',
    string: 'wx-tok-string',
    'attr-name': 'wx-tok-attr',
    number: 'wx-tok-number',
    property: 'wx-tok-property',
    variable: 'wx-tok-variable',
    function: 'wx-tok-function',
    operator: 'wx-tok-operator',
    punctuation: 'wx-tok-punctuation',
    entity: 'wx-tok-property',
  },
};

export const editorNodes: ReadonlyArray<Klass<LexicalNode>> = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  CodeNode,
  CodeHighlightNode,
  LinkNode,
  AutoLinkNode,
  ImageNode,
  FootnoteNode,
  HorizontalRuleNode,
  BookmarkNode,
  XrefNode,
  PageBreakNode,
  FormulaNode,
  ShapeNode,
  TocNode,
];

export const EDITOR_NAMESPACE = 'wanxiang-editor';
