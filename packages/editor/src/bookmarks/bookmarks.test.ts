import { $createHeadingNode } from '@lexical/rich-text';
import { unzipSync } from 'fflate';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  createEditor,
  type ElementNode,
  type LexicalEditor,
  type SerializedEditorState,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { documentToDocx } from '../convert/docxExport';
import { docxToDocument } from '../convert/docxImport';
import { documentToMarkdown, markdownToDocument } from '../convert/markdown';
import {
  bookmarkNode,
  editorState,
  headingNode,
  type JsonNode,
  paragraphNode,
  textNode,
  walk,
  xrefNode,
} from '../convert/nodes';
import { checkedEditorState } from '../files/importFile';
import { blocksOf } from '../files/pdf/blocks';
import { t } from '../i18n/zh-CN';
import { editorNodes } from '../model/config';
import { $createBookmarkNode } from './BookmarkNode';
import {
  $addBookmark,
  $deleteBookmark,
  $headingAnchor,
  $insertReference,
  $refreshReferences,
  $renameBookmark,
  $xrefNodes,
} from './logic';
import { BOOKMARK_NAME_MAX, bookmarkNameProblem } from './names';
import { collectTargets, resolveReference } from './resolve';

describe('书签名', () => {
  it('accepts Word’s names: a letter or CJK first, then letters, digits and underscores', () => {
    for (const name of ['第一章', 'intro', 'Fig_2', '表格3', 'α测试'])
      expect(bookmarkNameProblem(name)).toBeNull();
  });

  it('says what is wrong with a bad name', () => {
    expect(bookmarkNameProblem('')).toBe('empty');
    expect(bookmarkNameProblem('a'.repeat(BOOKMARK_NAME_MAX + 1))).toBe('tooLong');
    expect(bookmarkNameProblem('书'.repeat(BOOKMARK_NAME_MAX))).toBeNull();
    expect(bookmarkNameProblem('1st')).toBe('badStart');
    expect(bookmarkNameProblem('_hidden')).toBe('badStart');
    expect(bookmarkNameProblem('两 个')).toBe('space');
    expect(bookmarkNameProblem('a-b')).toBe('badChar');
    expect(bookmarkNameProblem('结论！')).toBe('badChar');
    expect(bookmarkNameProblem('Intro', ['intro'])).toBe('taken');
    // Every problem has a message.
    for (const problem of ['empty', 'tooLong', 'badStart', 'space', 'badChar', 'taken'] as const)
      expect(t.bookmarks.problems[problem]('x')).toMatch(/书签名|书签/);
  });
});

describe('交叉引用 resolution on the document', () => {
  const doc = (children: JsonNode[]) => ({ type: 'root', children }) as JsonNode;

  it('reads a heading’s typed number or its place in the outline, and a bookmark’s text', () => {
    const targets = collectTargets(
      doc([
        headingNode(1, [bookmarkNode('_Ref000000001'), textNode('第一章 总则')]),
        headingNode(2, [textNode('背景')]),
        headingNode(2, [bookmarkNode('_Ref000000002'), textNode('目标')]),
        paragraphNode([textNode('详见'), bookmarkNode('要点', [textNode('三个要点')]), textNode('。')]),
      ]),
    );
    expect(targets.headings.map((h) => [h.number, h.text])).toEqual([
      ['第一章', '总则'],
      ['1.1', '背景'],
      ['1.2', '目标'],
    ]);
    expect(resolveReference(targets, { target: '_Ref000000002', kind: 'heading', display: 'number' })).toBe(
      '1.2',
    );
    expect(resolveReference(targets, { target: '_Ref000000001', kind: 'heading', display: 'text' })).toBe(
      '总则',
    );
    expect(resolveReference(targets, { target: '要点', kind: 'bookmark', display: 'text' })).toBe('三个要点');
    expect(resolveReference(targets, { target: '没有', kind: 'bookmark', display: 'text' })).toBeNull();
  });
});

/** A headless editor with the editor's nodes: a heading, a paragraph with a bookmark, and an empty line. */
function editorWith(): LexicalEditor {
  const editor = createEditor({
    nodes: [...editorNodes],
    onError: (e) => {
      throw e;
    },
  });
  editor.update(
    () => {
      const root = $getRoot();
      const h1 = $createHeadingNode('h1').append($createTextNode('引言'));
      const h2 = $createHeadingNode('h1').append($createTextNode('方法'));
      const bookmark = $createBookmarkNode('样本').append($createTextNode('三百份样本'));
      const p = $createParagraphNode().append($createTextNode('共有'), bookmark, $createTextNode('。'));
      root.append(h1, h2, p, $createParagraphNode());
    },
    { discrete: true },
  );
  return editor;
}

const shown = (editor: LexicalEditor) =>
  editor.getEditorState().read(() => $xrefNodes().map((x) => (x.isMissing() ? null : x.getCached())));

describe('交叉引用 in the editor', () => {
  it('follows its heading when the heading’s text changes or the heading moves, and says when it is gone', () => {
    const editor = editorWith();
    editor.update(
      () => {
        const anchor = $headingAnchor(1) as string;
        expect(anchor).toMatch(/^_Ref\d{9}$/);
        $getRoot().getLastChildOrThrow().selectEnd();
        $insertReference(anchor, 'heading', 'text');
        $getRoot().getLastChildOrThrow().selectEnd();
        $insertReference(anchor, 'heading', 'number');
      },
      { discrete: true },
    );
    expect(shown(editor)).toEqual(['方法', '2']);

    // The heading's text changes.
    editor.update(
      () => {
        const heading = $getRoot().getChildAtIndex<ElementNode>(1);
        heading?.getAllTextNodes().at(-1)?.setTextContent('研究方法');
        $refreshReferences();
      },
      { discrete: true },
    );
    expect(shown(editor)).toEqual(['研究方法', '2']);

    // The heading moves before the first one: its number follows.
    editor.update(
      () => {
        const root = $getRoot();
        const moved = root.getChildAtIndex(1);
        if (moved) root.getFirstChildOrThrow().insertBefore(moved);
        $refreshReferences();
      },
      { discrete: true },
    );
    expect(shown(editor)).toEqual(['研究方法', '1']);

    // The heading is deleted: Word's error text.
    editor.update(
      () => {
        $getRoot().getFirstChildOrThrow().remove();
        $refreshReferences();
      },
      { discrete: true },
    );
    expect(shown(editor)).toEqual([null, null]);
    expect(editor.getEditorState().read(() => $xrefNodes()[0]?.getTextContent())).toBe(t.bookmarks.missing);
  });

  it('follows a bookmark renamed, and breaks when the bookmark is deleted (its text stays)', () => {
    const editor = editorWith();
    editor.update(
      () => {
        $getRoot().getLastChildOrThrow().selectEnd();
        $insertReference('样本', 'bookmark', 'text');
      },
      { discrete: true },
    );
    expect(shown(editor)).toEqual(['三百份样本']);
    editor.update(
      () => {
        $renameBookmark('样本', '样本量');
        $refreshReferences();
      },
      { discrete: true },
    );
    expect(editor.getEditorState().read(() => $xrefNodes()[0]?.getTarget())).toBe('样本量');
    expect(shown(editor)).toEqual(['三百份样本']);
    editor.update(
      () => {
        $deleteBookmark('样本量');
        $refreshReferences();
      },
      { discrete: true },
    );
    expect(shown(editor)).toEqual([null]);
    expect(editor.getEditorState().read(() => $getRoot().getChildAtIndex(2)?.getTextContent())).toBe(
      '共有三百份样本。',
    );
  });

  it('bookmarks the selected text of a paragraph', () => {
    const editor = editorWith();
    editor.update(
      () => {
        $getRoot().getFirstChildOrThrow<ElementNode>().getAllTextNodes()[0]?.select(0, 2);
        expect($addBookmark('开头')).toBe(true);
      },
      { discrete: true },
    );
    const json = editor.getEditorState().toJSON().root as unknown as JsonNode;
    const bookmark = [...walk(json)].find((n) => n.type === 'bookmark' && n.name === '开头');
    expect(bookmark?.children?.map((c) => c.text)).toEqual(['引言']);
  });
});

const withReferences = (): SerializedEditorState =>
  editorState([
    headingNode(1, [bookmarkNode('_Ref123456789'), textNode('结论')]),
    paragraphNode([textNode('我们抽取了'), bookmarkNode('样本', [textNode('三百份')]), textNode('样本。')]),
    paragraphNode([
      textNode('见'),
      xrefNode('_Ref123456789', 'heading', 'text', '结论'),
      textNode('，第'),
      xrefNode('_Ref123456789', 'heading', 'number', '1'),
      textNode('章；共'),
      xrefNode('样本', 'bookmark', 'text', '三百份'),
      textNode('。'),
    ]),
  ]);
const kinds = (state: SerializedEditorState) =>
  [...walk(state.root as unknown as JsonNode)]
    .filter((n) => n.type === 'bookmark' || n.type === 'xref')
    .map((n) =>
      n.type === 'bookmark'
        ? `书签 ${String(n.name)}：${(n.children ?? []).map((c) => c.text).join('')}`
        : `引用 ${String(n.target)} ${String(n.kind)} ${String(n.display)}：${String(n.cached)}`,
    );

describe('书签 and 交叉引用 in DOCX', () => {
  it('are written as Word’s bookmarks and REF fields with their results, and read back', async () => {
    const bytes = await documentToDocx({ editorState: withReferences(), title: '引用' });
    const xml = new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
    expect(xml).toMatch(/<w:bookmarkStart[^>]*w:name="样本"/);
    expect(xml).toMatch(/<w:bookmarkStart[^>]*w:name="_Ref123456789"/);
    expect(xml).toContain('w:instr="REF 样本 \\h"');
    expect(xml).toContain('w:instr="REF _Ref123456789 \\r \\h"');
    // The heading's anchor spans the heading's text in the file, so Word's own update finds it.
    expect(xml).toMatch(/w:name="_Ref123456789"[^>]*\/><w:r>.*?结论.*?<w:bookmarkEnd/);
    const back = (await docxToDocument(bytes)).editorState;
    expect(() => checkedEditorState(back)).not.toThrow();
    expect(kinds(back)).toEqual([
      '书签 _Ref123456789：结论',
      '书签 样本：三百份',
      '引用 _Ref123456789 heading text：结论',
      '引用 _Ref123456789 heading number：1',
      '引用 样本 bookmark text：三百份',
    ]);
  });

  it('writes Word’s error text for a reference whose target is gone', async () => {
    const state = editorState([paragraphNode([xrefNode('没了', 'bookmark', 'text', '旧文字', true)])]);
    const xml = new TextDecoder().decode(
      unzipSync(await documentToDocx({ editorState: state, title: '断开' }))['word/document.xml'],
    );
    expect(xml).toContain(t.bookmarks.missing);
  });
});

describe('书签 and 交叉引用 in Markdown', () => {
  it('are an HTML anchor and a link to it, and read back', () => {
    const markdown = documentToMarkdown({ editorState: withReferences() });
    expect(markdown).toContain('<a id="样本">三百份</a>');
    expect(markdown).toContain('[结论](#_Ref123456789)');
    expect(markdown).toContain('[1](#_Ref123456789 "编号")');
    const back = markdownToDocument(markdown).editorState;
    expect(() => checkedEditorState(back)).not.toThrow();
    expect(kinds(back)).toEqual([
      '书签 _Ref123456789：',
      '书签 样本：三百份',
      '引用 _Ref123456789 heading text：结论',
      '引用 _Ref123456789 heading number：1',
      '引用 样本 bookmark text：三百份',
    ]);
  });

  it('keeps a link to an anchor the document does not have as the link it was', () => {
    const back = markdownToDocument('见[安装](#install)一节。\n').editorState;
    expect(kinds(back)).toEqual([]);
    const link = [...walk(back.root as unknown as JsonNode)].find((n) => n.type === 'link');
    expect(link?.url).toBe('#install');
  });
});

describe('交叉引用 in PDF', () => {
  it('prints what the reference shows', () => {
    const [, , third] = blocksOf(withReferences());
    const text = third && 'runs' in third ? third.runs.map((r) => r.text).join('') : '';
    expect(text).toBe('见结论，第1章；共三百份。');
  });
});
