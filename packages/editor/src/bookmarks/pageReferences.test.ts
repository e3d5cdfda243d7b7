import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { $createHeadingNode } from '@lexical/rich-text';
import { unzipSync } from 'fflate';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  createEditor,
  type SerializedEditorState,
} from 'lexical';
import { afterAll, describe, expect, it } from 'vitest';
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
import { exportPdf } from '../files/pdf/exportPdf';
import { nodePdfFonts } from '../files/pdf/nodeFonts';
import { t } from '../i18n/zh-CN';
import { editorNodes } from '../model/config';
import { pageBreakNode } from '../pages/pageBreakFormats';
import { parseReferenceInstruction, referenceInstruction, referenceResult } from './formats';
import { $headingAnchor, $insertReference, $refreshReferences, $xrefNodes } from './logic';
import { fillPageReferences, hasPageReferences } from './pdf';
import { collectTargets, referenceDisplayOf, resolveReference, UNKNOWN_PAGE } from './resolve';

/* 交叉引用 › 页码: the page number of a bookmark or a heading, from a layout (the page view's, the PDF's). */

const doc = (children: JsonNode[]) => ({ type: 'root', children }) as JsonNode;

describe('a page reference resolved', () => {
  const targets = collectTargets(
    doc([
      headingNode(1, [bookmarkNode('_Ref000000001'), textNode('第一章 总则')]),
      paragraphNode([textNode('详见'), bookmarkNode('要点', [textNode('三个要点')]), textNode('。')]),
      // A heading's anchor left in a paragraph: its heading was deleted.
      paragraphNode([bookmarkNode('_Ref000000002'), textNode('曾经的标题')]),
    ]),
  );
  const pages = new Map([
    ['_Ref000000001', 2],
    ['要点', 5],
    ['_Ref000000002', 7],
  ]);
  const pageOf = (name: string) => pages.get(name);

  it('shows the page the layout puts its bookmark or heading on, as a bare number', () => {
    expect(resolveReference(targets, { target: '要点', kind: 'bookmark', display: 'page' }, pageOf)).toBe(
      '5',
    );
    expect(
      resolveReference(targets, { target: '_Ref000000001', kind: 'heading', display: 'page' }, pageOf),
    ).toBe('2');
  });

  it('keeps the last number when no layout knows one, and says "?" when it never knew one', () => {
    const none = () => undefined;
    expect(
      resolveReference(targets, { target: '要点', kind: 'bookmark', display: 'page', cached: '4' }, none),
    ).toBe('4');
    expect(resolveReference(targets, { target: '要点', kind: 'bookmark', display: 'page' })).toBe(
      UNKNOWN_PAGE,
    );
  });

  it('says its target is gone: a deleted bookmark, or a heading no longer a heading', () => {
    expect(
      resolveReference(targets, { target: '没有', kind: 'bookmark', display: 'page' }, pageOf),
    ).toBeNull();
    expect(
      resolveReference(targets, { target: '_Ref000000002', kind: 'heading', display: 'page' }, pageOf),
    ).toBeNull();
  });

  it('reads a stored display, anything unknown as text', () => {
    expect(referenceDisplayOf('page')).toBe('page');
    expect(referenceDisplayOf('number')).toBe('number');
    expect(referenceDisplayOf('pages')).toBe('text');
    expect(referenceDisplayOf(undefined)).toBe('text');
  });
});

describe('a page reference in the editor', () => {
  it('shows the layout’s page, follows it as it changes, keeps it when there is none, and breaks when its heading goes', () => {
    const editor = createEditor({
      nodes: [...editorNodes],
      onError: (e) => {
        throw e;
      },
    });
    let pages = new Map<string, number>();
    const pageOf = (name: string) => pages.get(name);
    let anchor = '';
    editor.update(
      () => {
        $getRoot().append(
          $createParagraphNode().append($createTextNode('结论见第')),
          $createHeadingNode('h1').append($createTextNode('结论')),
        );
        anchor = $headingAnchor(0) as string;
        pages = new Map([[anchor, 3]]);
        $getRoot().getFirstChildOrThrow().selectEnd();
        $insertReference(anchor, 'heading', 'page', pageOf);
      },
      { discrete: true },
    );
    const shown = () =>
      editor.getEditorState().read(() => $xrefNodes().map((x) => [x.getDisplay(), x.getTextContent()]));
    expect(shown()).toEqual([['page', '3']]);
    // The heading lands a page further down.
    pages = new Map([[anchor, 4]]);
    editor.update(() => void $refreshReferences(pageOf), { discrete: true });
    expect(shown()).toEqual([['page', '4']]);
    // No layout (continuous view): the last number stays.
    editor.update(() => void $refreshReferences(() => undefined), { discrete: true });
    expect(shown()).toEqual([['page', '4']]);
    // The serialized node keeps its display and number.
    const json = [...walk(editor.getEditorState().toJSON().root as unknown as JsonNode)].find(
      (n) => n.type === 'xref',
    );
    expect([json?.display, json?.cached]).toEqual(['page', '4']);
    // The heading is deleted.
    editor.update(
      () => {
        $getRoot().getLastChildOrThrow().remove();
        $refreshReferences(pageOf);
      },
      { discrete: true },
    );
    expect(shown()).toEqual([['page', t.bookmarks.missing]]);
  });

  it('shows "?" when inserted with no layout to say its page', () => {
    const editor = createEditor({
      nodes: [...editorNodes],
      onError: (e) => {
        throw e;
      },
    });
    editor.update(
      () => {
        $getRoot().append($createHeadingNode('h1').append($createTextNode('结论')), $createParagraphNode());
        const anchor = $headingAnchor(0) as string;
        $getRoot().getLastChildOrThrow().selectEnd();
        $insertReference(anchor, 'heading', 'page');
      },
      { discrete: true },
    );
    expect(editor.getEditorState().read(() => $xrefNodes()[0]?.getTextContent())).toBe(UNKNOWN_PAGE);
  });
});

const withPageReferences = (): SerializedEditorState =>
  editorState([
    headingNode(1, [bookmarkNode('_Ref123456789'), textNode('结论')]),
    paragraphNode([textNode('我们抽取了'), bookmarkNode('样本', [textNode('三百份')]), textNode('样本。')]),
    paragraphNode([
      textNode('结论见第'),
      xrefNode('_Ref123456789', 'heading', 'page', '1'),
      textNode('页，样本见第'),
      xrefNode('样本', 'bookmark', 'page', '2'),
      textNode('页。'),
    ]),
  ]);

const references = (state: SerializedEditorState) =>
  [...walk(state.root as unknown as JsonNode)]
    .filter((n) => n.type === 'xref')
    .map((n) => `${String(n.target)} ${String(n.kind)} ${String(n.display)}：${String(n.cached)}`);

describe('page references in files', () => {
  it('are PAGEREF fields in DOCX, with the page they showed, and read back as page references', async () => {
    const bytes = await documentToDocx({ editorState: withPageReferences(), title: '页码' });
    const xml = new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
    expect(xml).toContain('w:instr="PAGEREF _Ref123456789 \\h"');
    expect(xml).toContain('w:instr="PAGEREF 样本 \\h"');
    expect(xml).toMatch(/<w:bookmarkStart[^>]*w:name="_Ref123456789"/);
    const back = (await docxToDocument(bytes)).editorState;
    expect(() => checkedEditorState(back)).not.toThrow();
    expect(references(back)).toEqual(['_Ref123456789 heading page：1', '样本 bookmark page：2']);
  });

  it('reads Word’s PAGEREF instruction, and leaves a table of contents’ own ones as text', () => {
    expect(parseReferenceInstruction(' PAGEREF _Ref123456789 \\h ')).toEqual({
      name: '_Ref123456789',
      display: 'page',
    });
    expect(parseReferenceInstruction('PAGEREF "样本"')).toEqual({ name: '样本', display: 'page' });
    expect(parseReferenceInstruction(' PAGEREF _Toc123456 \\h ')).toBeNull();
    expect(parseReferenceInstruction(' REF 样本 \\h ')).toEqual({ name: '样本', display: 'text' });
    expect(referenceInstruction({ type: 'xref', target: '样本', display: 'page' })).toBe('PAGEREF 样本 \\h');
    expect(referenceResult({ type: 'xref', display: 'page', cached: '' })).toBe(UNKNOWN_PAGE);
  });

  it('are links titled 页码 in Markdown, with the number known when written, and read back', () => {
    const markdown = documentToMarkdown({ editorState: withPageReferences() });
    expect(markdown).toContain('[1](#_Ref123456789 "页码")');
    expect(markdown).toContain('[2](#样本 "页码")');
    const back = markdownToDocument(markdown).editorState;
    expect(references(back)).toEqual(['_Ref123456789 heading page：1', '样本 bookmark page：2']);
  });

  it('marks bookmarks and page references for the PDF, and fills in the pages a layout found', () => {
    const blocks = blocksOf(withPageReferences());
    expect(hasPageReferences(blocks)).toBe(true);
    // Pages as a layout found them: the heading on 3, the paragraph with the bookmark on 4.
    expect(fillPageReferences(blocks, [3, 4, 4])).toBe(true);
    const third = blocks[2];
    const text = third && 'runs' in third ? third.runs.map((r) => r.text).join('') : '';
    expect(text).toBe('结论见第3页，样本见第4页。');
    // Laid out again to the same pages: nothing more changes.
    expect(fillPageReferences(blocks, [3, 4, 4])).toBe(false);
    expect(hasPageReferences(blocksOf(editorState([paragraphNode([textNode('无')])])))).toBe(false);
  });
});

const dir = mkdtempSync(path.join(tmpdir(), 'wx-xref-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pdfPage = (file: string, page: number) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });

// Exporting parses large CJK fonts: slow on a loaded machine.
describe('page references in the PDF', { timeout: 60_000 }, () => {
  it('print the page their target lands on in the PDF, not the number the editor last showed', async () => {
    const long = Array.from({ length: 60 }, (_, i) =>
      paragraphNode([textNode(`第${i + 1}段正文，用来把标题推到后面的页上。`)]),
    );
    const state = editorState([
      paragraphNode([
        textNode('结论见第'),
        xrefNode('_Ref123456789', 'heading', 'page', '1'),
        textNode('页，要点见第'),
        xrefNode('要点', 'bookmark', 'page', '9'),
        textNode('页。'),
      ]),
      pageBreakNode(),
      paragraphNode([textNode('开头。')]),
      ...long,
      paragraphNode([bookmarkNode('要点', [textNode('这里是要点。')])]),
      pageBreakNode(),
      headingNode(1, [bookmarkNode('_Ref123456789'), textNode('结论')]),
    ]);
    const file = path.join(dir, 'xref.pdf');
    writeFileSync(file, await exportPdf(state, { fonts: nodePdfFonts() }));
    const pageWith = (text: string) => {
      for (let page = 2; page <= 8; page++) if (pdfPage(file, page).includes(text)) return page;
      return undefined;
    };
    const point = pageWith('这里是要点。');
    const heading = pageWith('结论');
    expect(point).toBeGreaterThanOrEqual(3);
    expect(heading).toBe((point as number) + 1);
    expect(pdfPage(file, 1)).toContain(`结论见第${heading}页，要点见第${point}页。`);
  });
});
