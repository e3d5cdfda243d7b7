import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { documentToDocx } from '../convert/docxExport';
import { docxToDocument } from '../convert/docxImport';
import {
  editorState,
  headingNode,
  type JsonNode,
  paragraphNode,
  rootChildren,
  textNode,
} from '../convert/nodes';
import { checkedEditorState } from '../files/importFile';
import {
  cleanEntries,
  entriesOf,
  entryOfLine,
  headingsOfJson,
  markdownSlugs,
  matchEntries,
  TOC_MAX_ENTRIES,
  TOC_TEXT_MAX,
  type TocEntry,
  tocNode,
} from './entries';

const xmlOf = (bytes: Uint8Array, name: string) => new TextDecoder().decode(unzipSync(bytes)[name]);
const h = (level: 1 | 2 | 3, text: string) => headingNode(level, [textNode(text)]);
const p = (text: string) => paragraphNode([textNode(text)]);

const sampleHeadings = [
  h(1, '第一章 总则'),
  p('正文一'),
  h(2, '1.1 目的'),
  h(3, '细则'),
  h(1, '第二章 附则'),
];

describe('entries from headings', () => {
  it('lists headings 1–3 in order with their levels, as the outline does', () => {
    const root = { type: 'root', children: [...sampleHeadings, headingNode(1, [])] } as JsonNode;
    const entries = entriesOf(headingsOfJson(root));
    expect(entries).toEqual([
      { text: '第一章 总则', level: 1 },
      { text: '1.1 目的', level: 2 },
      { text: '细则', level: 3 },
      { text: '第二章 附则', level: 1 },
      { text: '', level: 1 },
    ]);
  });

  it('keeps at most 500 entries of at most 300 characters, and drops what is malformed', () => {
    const many = Array.from({ length: 600 }, (_, i) => ({ key: i, text: `标题${i}`, level: 1 as const }));
    expect(entriesOf(many)).toHaveLength(TOC_MAX_ENTRIES);
    const long = entriesOf([{ key: 0, text: '长'.repeat(1000), level: 2 }]);
    expect([...(long[0]?.text ?? '')]).toHaveLength(TOC_TEXT_MAX);
    expect(
      cleanEntries([{ text: 'a', level: 9, page: -1 }, null, { level: 1 }, { text: 'b', level: 2, page: 3 }]),
    ).toEqual([
      { text: 'a', level: 1 },
      { text: 'b', level: 2, page: 3 },
    ]);
  });

  it('matches entries to headings by text and level, in order, even after headings moved or went', () => {
    const headings = [
      { key: 'a', text: '引言', level: 1 as const },
      { key: 'b', text: '方法', level: 1 as const },
      { key: 'c', text: '方法', level: 2 as const },
    ];
    const entries: TocEntry[] = [
      { text: '方法', level: 2 },
      { text: '已删除', level: 1 },
      { text: '引言', level: 1 },
    ];
    expect(matchEntries(entries, headings).map((m) => m?.key ?? null)).toEqual(['c', null, 'a']);
  });

  it('reads an entry line of a Word table of contents: text, tab, page', () => {
    expect(entryOfLine('第一章 总则\t3', 1)).toEqual({ text: '第一章 总则', level: 1, page: 3 });
    expect(entryOfLine('1.1\t目的\t12', 2)).toEqual({ text: '1.1 目的', level: 2, page: 12 });
    expect(entryOfLine('附录', 3)).toEqual({ text: '附录', level: 3 });
  });

  it('makes GitHub-style anchors, numbering repeats', () => {
    expect(markdownSlugs(['第一章 总则', 'Hello, World!', '第一章 总则'])).toEqual([
      '第一章-总则',
      'hello-world',
      '第一章-总则-1',
    ]);
  });
});

describe('DOCX', () => {
  const entries: TocEntry[] = [
    { text: '第一章 总则', level: 1, page: 1 },
    { text: '1.1 目的', level: 2, page: 2 },
    { text: '细则', level: 3, page: 2 },
    { text: '第二章 附则', level: 1, page: 3 },
  ];
  const state = editorState([p('封面'), tocNode(entries), ...sampleHeadings]);

  it('writes a Word TOC field with its entries in TOC1–TOC3, dot leaders, page numbers and links', async () => {
    const bytes = await documentToDocx({ editorState: state, title: '目录' });
    const xml = xmlOf(bytes, 'word/document.xml');
    expect(xml).toContain('<w:docPartGallery w:val="Table of Contents"/>');
    expect(xml).toMatch(
      /<w:fldChar w:fldCharType="begin"\/>[\s\S]*<w:instrText xml:space="preserve"> TOC \\o &quot;1-3&quot; \\h \\z \\u <\/w:instrText>[\s\S]*<w:fldChar w:fldCharType="separate"\/>[\s\S]*<w:fldChar w:fldCharType="end"\/>/,
    );
    for (const level of [1, 2, 3]) expect(xml).toContain(`<w:pStyle w:val="TOC${level}"/>`);
    expect(xml).toMatch(/<w:tab w:val="right" w:pos="\d+" w:leader="dot"\/>/);
    // Each entry links to a bookmark on its heading, which carries Heading 1–3 for Word's own update.
    const anchor = /<w:hyperlink [^>]*w:anchor="(_Toc\d+)"[^>]*>(?:(?!<\/w:hyperlink>)[\s\S])*1\.1 目的/.exec(
      xml,
    )?.[1];
    expect(anchor).toBeTruthy();
    expect(xml).toMatch(
      new RegExp(`<w:pStyle w:val="Heading2"/>[\\s\\S]*?<w:bookmarkStart [^>]*w:name="${anchor}"`),
    );
    expect(xml).toMatch(/<w:t[^>]*>第二章 附则<\/w:t>[\s\S]*?<w:tab\/>[\s\S]*?<w:t[^>]*>3<\/w:t>/);
    expect(xmlOf(bytes, 'word/styles.xml')).toMatch(/w:styleId="TOC2"[\s\S]*?<w:name w:val="toc 2"\/>/);
  });

  it('reads the field’s result back as one table of contents, not loose paragraphs', async () => {
    const bytes = await documentToDocx({ editorState: state, title: '目录' });
    const back = await docxToDocument(bytes);
    checkedEditorState(back.editorState);
    const blocks = rootChildren(back.editorState);
    expect(blocks.map((b) => b.type)).toEqual([
      'paragraph',
      'toc',
      'heading',
      'paragraph',
      'heading',
      'heading',
      'heading',
    ]);
    expect(blocks[1]?.entries).toEqual(entries);
    // Word's hidden _Toc bookmarks are not kept as the user's bookmarks.
    expect(JSON.stringify(blocks)).not.toContain('_Toc');
  });
});

describe('Markdown', () => {
  it('writes a list of links to the headings’ anchors between markers, and reads it back as the table', async () => {
    const { documentToMarkdown, markdownToDocument } = await import('../convert/markdown');
    const entries: TocEntry[] = [
      { text: '第一章 总则', level: 1 },
      { text: '1.1 目的', level: 2 },
      { text: '细则', level: 3 },
      { text: '第二章 附则', level: 1 },
    ];
    const markdown = documentToMarkdown({
      editorState: editorState([tocNode([...entries, { text: '已删除', level: 2 }]), ...sampleHeadings]),
    } as Parameters<typeof documentToMarkdown>[0]);
    expect(markdown).toContain('<!-- toc -->');
    expect(markdown).toContain('- [第一章 总则](#第一章-总则)');
    expect(markdown).toMatch(/\n {2}- \[1\.1 目的\]\(#11-目的\)/);
    expect(markdown).toContain('<!-- tocstop -->');
    const back = rootChildren(markdownToDocument(markdown).editorState);
    expect(back[0]?.type).toBe('toc');
    expect(back[0]?.entries).toEqual([...entries, { text: '已删除', level: 2 }]);
    expect(back.slice(1).map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'heading',
      'heading',
    ]);
  });
});
