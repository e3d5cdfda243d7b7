import { ListItemNode, ListNode } from '@lexical/list';
import { $createHeadingNode, $isHeadingNode, HeadingNode, QuoteNode } from '@lexical/rich-text';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  $setState,
  createEditor,
  IS_BOLD,
  IS_ITALIC,
  type LexicalEditor,
  type TextNode,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { $getBlockStyle, blockStyleState } from '../model/blockStyle';
import { $applyFormat, $captureFormat, type CapturedFormat } from './formatPainter';

/** Two paragraphs: a bold red centred one with 1.5 line spacing, and a plain one. */
function twoParagraphs(): LexicalEditor {
  const editor = createEditor({
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode],
    onError: (e) => {
      throw e;
    },
  });
  editor.update(
    () => {
      const source = $createParagraphNode().append(
        $createTextNode('春江潮水').toggleFormat('bold').setStyle('color: #c00000; font-size: 24px;'),
      );
      source.setFormat('center');
      source.setIndent(1);
      $setState(source, blockStyleState, 'line-height: 1.5;');
      const target = $createParagraphNode().append(
        $createTextNode('海上明月共潮生').toggleFormat('italic').setStyle('background-color: #ff0;'),
      );
      $getRoot().append(source, target);
    },
    { discrete: true },
  );
  return editor;
}

const select = (editor: LexicalEditor, block: number, from: number, to: number) =>
  editor.update(
    () => {
      const paragraph = $getRoot().getChildAtIndex(block);
      const text = $isElementNode(paragraph) ? paragraph.getFirstChild() : null;
      if (!$isTextNode(text)) throw new Error('no text');
      text.select(from, to);
    },
    { discrete: true },
  );

const capture = (editor: LexicalEditor): CapturedFormat => {
  let captured: CapturedFormat | null = null;
  editor.update(
    () => {
      captured = $captureFormat();
    },
    { discrete: true },
  );
  if (!captured) throw new Error('nothing captured');
  return captured;
};

const apply = (editor: LexicalEditor, captured: CapturedFormat) => {
  let applied = false;
  editor.update(
    () => {
      applied = $applyFormat(captured);
    },
    { discrete: true },
  );
  return applied;
};

/** Each text run of a block: its text, format bits and css. */
const runs = (editor: LexicalEditor, block: number) =>
  editor.getEditorState().read(() => {
    const paragraph = $getRoot().getChildAtIndex(block);
    if (!$isElementNode(paragraph)) throw new Error('no block');
    return paragraph
      .getChildren()
      .filter((n): n is TextNode => $isTextNode(n))
      .map((n) => ({ text: n.getTextContent(), format: n.getFormat(), style: n.getStyle() }));
  });

const blockOf = (editor: LexicalEditor, index: number) =>
  editor.getEditorState().read(() => {
    const block = $getRoot().getChildAtIndex(index);
    if (!$isElementNode(block)) throw new Error('no block');
    return {
      type: block.getType(),
      tag: $isHeadingNode(block) ? block.getTag() : null,
      alignment: block.getFormatType(),
      indent: block.getIndent(),
      style: $getBlockStyle(block),
    };
  });

describe('format painter', () => {
  it('captures the character and paragraph format at a selection', () => {
    const editor = twoParagraphs();
    select(editor, 0, 1, 3);
    expect(capture(editor)).toEqual({
      text: { format: IS_BOLD, style: 'color: #c00000; font-size: 24px;' },
      paragraph: {
        blockType: 'paragraph',
        alignment: 'center',
        indent: 1,
        blockStyle: { 'line-height': '1.5' },
      },
    });
  });

  it('takes the next text when the selection starts at the end of a run', () => {
    const editor = twoParagraphs();
    editor.update(
      () => {
        const [first, second] = $getRoot().getChildren();
        const a = $isElementNode(first) ? first.getFirstChild() : null;
        const b = $isElementNode(second) ? second.getFirstChild() : null;
        if (!$isTextNode(a) || !$isTextNode(b)) throw new Error('no text');
        const selection = a.select(4, 4);
        selection.focus.set(b.getKey(), 3, 'text');
      },
      { discrete: true },
    );
    expect(capture(editor).text).toEqual({ format: IS_ITALIC, style: 'background-color: #ff0;' });
  });

  it('replaces the selected characters’ format and the paragraph’s, leaving the rest of the run', () => {
    const editor = twoParagraphs();
    select(editor, 0, 0, 2);
    const captured = capture(editor);
    select(editor, 1, 2, 4);
    expect(apply(editor, captured)).toBe(true);
    expect(runs(editor, 1)).toEqual([
      { text: '海上', format: IS_ITALIC, style: 'background-color: #ff0;' },
      { text: '明月', format: IS_BOLD, style: 'color: #c00000; font-size: 24px;' },
      { text: '共潮生', format: IS_ITALIC, style: 'background-color: #ff0;' },
    ]);
    expect(blockOf(editor, 1)).toEqual({
      type: 'paragraph',
      tag: null,
      alignment: 'center',
      indent: 1,
      style: 'line-height: 1.5;',
    });
  });

  it('carries a heading’s type and clears paragraph css the source does not have', () => {
    const editor = twoParagraphs();
    editor.update(
      () => {
        const heading = $createHeadingNode('h2').append($createTextNode('标题'));
        $getRoot().append(heading);
      },
      { discrete: true },
    );
    select(editor, 2, 0, 2);
    const fromHeading = capture(editor);
    expect(fromHeading.paragraph).toMatchObject({ blockType: 'h2', alignment: '', blockStyle: {} });
    select(editor, 0, 0, 4);
    apply(editor, fromHeading);
    expect(blockOf(editor, 0)).toEqual({ type: 'heading', tag: 'h2', alignment: '', indent: 0, style: '' });
    expect(runs(editor, 0)).toEqual([{ text: '春江潮水', format: 0, style: '' }]);
  });

  it('gives a caret the format for what is typed next', () => {
    const editor = twoParagraphs();
    select(editor, 0, 1, 1);
    const captured = capture(editor);
    select(editor, 1, 7, 7);
    apply(editor, captured);
    editor.update(
      () => {
        const selection = $getSelection();
        if ($isRangeSelection(selection)) selection.insertText('！');
      },
      { discrete: true },
    );
    expect(runs(editor, 1).at(-1)).toEqual({
      text: '！',
      format: IS_BOLD,
      style: 'color: #c00000; font-size: 24px;',
    });
  });

  it('does nothing without a text selection', () => {
    const editor = twoParagraphs();
    let captured: CapturedFormat | null = null;
    editor.update(
      () => {
        captured = $captureFormat();
      },
      { discrete: true },
    );
    expect(captured).toBeNull();
  });
});
