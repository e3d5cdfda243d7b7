import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $isElementNode,
  $setState,
  createEditor,
  type LexicalEditor,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { FootnoteNode } from '../footnotes/FootnoteNode';
import { insertFootnote } from '../footnotes/insertFootnote';
import { ImageNode } from '../images/ImageNode';
import { $getBlockStyle, blockStyleState } from './blockStyle';
import { $selectedSpacing, applyParagraph, clearFormatting, setAlignment } from './commands';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function paragraphEditor(style = ''): LexicalEditor {
  const editor = createEditor({
    nodes: [FootnoteNode, ImageNode],
    onError: (e) => {
      throw e;
    },
  });
  editor.update(
    () => {
      const p = $createParagraphNode().append(
        $createTextNode('春江潮水连海平').toggleFormat('bold').setStyle('color: #c00000;'),
      );
      if (style) $setState(p, blockStyleState, style);
      $getRoot().append(p);
      p.select(0, 1);
    },
    { discrete: true },
  );
  return editor;
}

const firstBlock = (editor: LexicalEditor) =>
  editor.getEditorState().read(() => {
    const block = $getRoot().getFirstChild();
    if (!$isElementNode(block)) throw new Error('no block');
    return {
      style: $getBlockStyle(block),
      format: block.getFormatType(),
      text: block.getFirstChild()?.exportJSON(),
    };
  });

describe('paragraph commands', () => {
  it('distributes as justify plus a justified last line', async () => {
    const editor = paragraphEditor();
    setAlignment(editor, 'distribute');
    await tick();
    expect(firstBlock(editor)).toMatchObject({ format: 'justify', style: 'text-align-last: justify;' });
    setAlignment(editor, 'center');
    await tick();
    expect(firstBlock(editor)).toMatchObject({ format: 'center', style: '' });
  });

  it('applies line height and a first-line indent of 2 characters', async () => {
    const editor = paragraphEditor();
    applyParagraph(editor, {
      indent: 'none',
      lineHeight: { kind: 'exact', value: 18, unit: 'pt' },
      specialIndent: { kind: 'firstLine', value: 2, unit: 'char' },
      spaceBefore: null,
      spaceAfter: null,
    });
    await tick();
    expect(firstBlock(editor).style).toBe('line-height: 24px; text-indent: 2em;');
    // Saved with the document, and read back.
    const json = JSON.stringify(editor.getEditorState().toJSON());
    const copy = createEditor({
      nodes: [FootnoteNode, ImageNode],
      onError: (e) => {
        throw e;
      },
    });
    copy.setEditorState(copy.parseEditorState(json));
    expect(firstBlock(copy).style).toBe('line-height: 24px; text-indent: 2em;');
  });

  it('clears the paragraph formatting when every option is unchanged', async () => {
    const editor = paragraphEditor(
      'line-height: 2; text-indent: 2em; text-align-last: justify; margin-block-start: 12pt;',
    );
    applyParagraph(editor, {
      indent: 'none',
      lineHeight: null,
      specialIndent: null,
      spaceBefore: null,
      spaceAfter: null,
    });
    await tick();
    expect(firstBlock(editor).style).toBe('');
  });

  it('sets 段前 in points and 段后 in lines, keeping what the patch leaves unchanged', async () => {
    const editor = paragraphEditor('line-height: 1.5;');
    applyParagraph(editor, {
      indent: 'none',
      lineHeight: null,
      specialIndent: null,
      spaceBefore: { value: 12, unit: 'pt' },
      spaceAfter: { value: 0.5, unit: 'line' },
    });
    await tick();
    expect(firstBlock(editor).style).toBe(
      'line-height: 1.5; margin-block-start: 12pt; margin-block-end: 0.5lh;',
    );
    // The dialog opens on what the paragraph has.
    expect(editor.getEditorState().read(() => $selectedSpacing())).toEqual({
      before: { value: 12, unit: 'pt' },
      after: { value: 0.5, unit: 'line' },
    });
  });

  it('opens 段前 as unchanged when the selected paragraphs differ', async () => {
    const editor = paragraphEditor('margin-block-start: 12pt; margin-block-end: 6pt;');
    editor.update(
      () => {
        const second = $createParagraphNode().append($createTextNode('海上明月共潮生'));
        $setState(second, blockStyleState, 'margin-block-start: 24pt; margin-block-end: 6pt;');
        $getRoot().append(second);
        $getRoot().select(0, 2);
      },
      { discrete: true },
    );
    expect(editor.getEditorState().read(() => $selectedSpacing())).toEqual({
      before: null,
      after: { value: 6, unit: 'pt' },
    });
  });
});

describe('clearFormatting', () => {
  it('drops text formats, inline styles and paragraph styles', async () => {
    const editor = paragraphEditor('line-height: 2;');
    clearFormatting(editor);
    await tick();
    const block = firstBlock(editor);
    expect(block.style).toBe('');
    expect(block.text).toMatchObject({ format: 0, style: '' });
  });
});

describe('insertFootnote', () => {
  it('puts the marker after the selected text', async () => {
    const editor = paragraphEditor();
    editor.update(() => $getRoot().getFirstChildOrThrow<import('lexical').ElementNode>().select(0, 1), {
      discrete: true,
    });
    const id = insertFootnote(editor);
    await tick();
    const children = editor.getEditorState().read(() =>
      $getRoot()
        .getFirstChildOrThrow<import('lexical').ElementNode>()
        .getChildren()
        .map((n) => n.getType()),
    );
    expect(id).toMatch(/^fn-/);
    expect(children).toEqual(['text', 'footnote']);
  });
});
