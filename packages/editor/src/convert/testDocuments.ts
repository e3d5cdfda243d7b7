import { FONT_FAMILIES } from '../format/units';
import {
  codeNode,
  editorState,
  footnoteNode,
  headingNode,
  imageNode,
  linkNode,
  listItemNode,
  listNode,
  paragraphNode,
  TEXT_FORMAT,
  tableCellNode,
  tableNode,
  tableRowNode,
  textNode,
} from './nodes';

/** Test documents of the converters' tests (not a test file itself). */

/** A 16 × 16 PNG. */
export const PNG_16 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR4nGNkYPj/n4EBCzA0NTL8/8+ABRgZGBgY/v9nYGBgYGBgAAAvHgX+EE5XKgAAAABJRU5ErkJggg==';

const stack = (key: string) => FONT_FAMILIES.find((f) => f.key === key)?.stack;
const cellText = (text: string, header = false, colSpan = 1, rowSpan = 1) =>
  tableCellNode([paragraphNode([textNode(text)])], header, colSpan, rowSpan);

/** A document with everything the DOCX converters carry. */
export const richDocument = editorState([
  headingNode(1, [textNode('年度总结')]),
  headingNode(2, [textNode('一、概况')]),
  paragraphNode(
    [
      textNode('宋体五号', 0, `font-family: ${stack('songti')}; font-size: 14px;`),
      textNode('Arial red', TEXT_FORMAT.bold, `font-family: ${stack('arial')}; color: #c00000;`),
      textNode('高亮', TEXT_FORMAT.italic | TEXT_FORMAT.underline, 'background-color: #ffff00;'),
      textNode('删除', TEXT_FORMAT.strikethrough),
      footnoteNode('fn-a', '数据来源：年报'),
      linkNode('https://example.com/', [textNode('链接')]),
    ],
    'justify',
    'text-align-last: justify; line-height: 1.5; text-indent: 2em;',
  ),
  paragraphNode([textNode('居中')], 'center'),
  paragraphNode([textNode('右对齐')], 'right'),
  paragraphNode([textNode('两端对齐')], 'justify'),
  headingNode(3, [textNode('1. 清单')]),
  listNode('bullet', [
    listItemNode([textNode('甲')], 1),
    listItemNode([listNode('bullet', [listItemNode([textNode('甲一')], 1)])], 2),
    listItemNode([textNode('乙')], 2),
  ]),
  listNode('number', [listItemNode([textNode('第一步')], 1), listItemNode([textNode('第二步')], 2)]),
  listNode('check', [listItemNode([textNode('待办')], 1, false), listItemNode([textNode('已办')], 2, true)]),
  tableNode(
    [
      tableRowNode([cellText('项目', true), cellText('上半年', true), cellText('下半年', true)]),
      tableRowNode([cellText('收入', false, 1, 2), cellText('横跨两列', false, 2)]),
      tableRowNode([cellText('10'), cellText('20')]),
    ],
    [200, 200, 200],
  ),
  paragraphNode([imageNode(PNG_16, '图一.png', 120)]),
  codeNode('const a = 1;\nconsole.log(a);', 'javascript'),
]);
