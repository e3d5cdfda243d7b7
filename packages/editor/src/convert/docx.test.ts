import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkedEditorState } from '../files/importFile';
import { documentToDocx } from './docxExport';
import { docxToDocument } from './docxImport';
import { type editorState, type JsonNode, plainText, rootChildren, TEXT_FORMAT, walk } from './nodes';
import { richDocument } from './testDocuments';

const xmlOf = (bytes: Uint8Array, name: string) => new TextDecoder().decode(unzipSync(bytes)[name]);
const nodes = (state: ReturnType<typeof editorState>) => [...walk(state.root as unknown as JsonNode)];

describe('DOCX export', () => {
  it('writes fonts, sizes, colours, highlight, alignment, line height and first-line indent as Word has them', async () => {
    const bytes = await documentToDocx({ editorState: richDocument, title: '年度总结' });
    const xml = xmlOf(bytes, 'word/document.xml');
    // East Asian and Western fonts apart: 宋体 for Chinese, Arial for Latin text.
    expect(xml).toMatch(/<w:rFonts [^>]*w:eastAsia="宋体"/);
    expect(xml).toMatch(/<w:rFonts [^>]*w:ascii="Arial"/);
    expect(xml).toContain('<w:sz w:val="21"/>'); // 五号 = 10.5pt = 21 half-points
    expect(xml).toContain('<w:color w:val="C00000"/>');
    expect(xml).toMatch(/<w:shd [^>]*w:fill="FFFF00"/);
    expect(xml).toContain('<w:jc w:val="distribute"/>');
    expect(xml).toContain('<w:jc w:val="both"/>');
    expect(xml).toContain('<w:jc w:val="center"/>');
    expect(xml).toContain('<w:jc w:val="right"/>');
    expect(xml).toMatch(/<w:spacing [^>]*w:line="360"[^>]*w:lineRule="auto"/);
    expect(xml).toMatch(/<w:ind [^>]*w:firstLineChars="200"/);
    expect(xml).toContain('<w:gridSpan w:val="2"/>');
    expect(xml).toContain('<w:vMerge w:val="restart"/>');
    expect(xml).toContain('<w:footnoteReference w:id="1"/>');
    expect(xml).toContain('<w:pStyle w:val="Code"/>');
    expect(xmlOf(bytes, 'word/footnotes.xml')).toContain('数据来源：年报');
    expect(xmlOf(bytes, 'word/styles.xml')).toMatch(/w:styleId="Code"[\s\S]*Courier New/);
    expect(xmlOf(bytes, 'docProps/core.xml')).toContain('<dc:title>年度总结</dc:title>');
    expect(Object.keys(unzipSync(bytes)).some((name) => name.startsWith('word/media/'))).toBe(true);
  });
});

describe('DOCX export of a list', () => {
  it('writes a list item’s line spacing (行距 1.5) with its numbering', async () => {
    const item = (text: string, style: string) => ({
      type: 'listitem',
      value: 1,
      direction: null,
      format: '',
      indent: 0,
      version: 1,
      ...(style ? { $: { wxBlockStyle: style } } : {}),
      children: [{ type: 'text', text, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }],
    });
    const list = {
      type: 'list',
      listType: 'bullet',
      start: 1,
      tag: 'ul',
      direction: null,
      format: '',
      indent: 0,
      version: 1,
      children: [item('疏', 'line-height: 1.5;'), item('密', '')],
    };
    const state = {
      root: { type: 'root', direction: null, format: '', indent: 0, version: 1, children: [list] },
    };
    const xml = xmlOf(
      await documentToDocx({ editorState: state as never, title: '清单' }),
      'word/document.xml',
    );
    const paragraphs = xml.split('</w:p>');
    const spaced = paragraphs.find((p) => p.includes('>疏<')) ?? '';
    expect(spaced).toMatch(/<w:numPr>/);
    expect(spaced).toMatch(/<w:spacing [^>]*w:line="360"[^>]*w:lineRule="auto"/);
    expect(paragraphs.find((p) => p.includes('>密<'))).not.toMatch(/w:line=/);
  });
});

describe('editor → DOCX → editor', () => {
  it('keeps text, headings, lists, tables with merges, images, footnotes and formats', async () => {
    const bytes = await documentToDocx({ editorState: richDocument, title: '年度总结' });
    const back = await docxToDocument(bytes);
    expect(back.title).toBe('年度总结');
    const state = checkedEditorState(back.editorState);
    const all = nodes(state);

    // Every word survives.
    const text = plainText(state.root as unknown as JsonNode);
    for (const node of nodes(richDocument))
      if (node.type === 'text' && node.text) expect(text).toContain(node.text);

    expect(all.filter((n) => n.type === 'heading').map((n) => [n.tag, plainText(n)])).toEqual([
      ['h1', '年度总结'],
      ['h2', '一、概况'],
      ['h3', '1. 清单'],
    ]);

    const lists = rootChildren(state).filter((n) => n.type === 'list');
    expect(lists.map((l) => l.listType)).toEqual(['bullet', 'number', 'check']);
    // The nested item is a list inside the bullet list.
    expect(lists[0]?.children?.some((item) => item.children?.[0]?.type === 'list')).toBe(true);
    expect(lists[2]?.children?.map((item) => [plainText(item), item.checked])).toEqual([
      ['待办', false],
      ['已办', true],
    ]);

    const table = all.find((n) => n.type === 'table') as JsonNode;
    const cells = (table.children ?? []).map((row) =>
      (row.children ?? []).map((c) => [plainText(c), c.colSpan, c.rowSpan]),
    );
    expect(cells).toEqual([
      [
        ['项目', 1, 1],
        ['上半年', 1, 1],
        ['下半年', 1, 1],
      ],
      [
        ['收入', 1, 2],
        ['横跨两列', 2, 1],
      ],
      [
        ['10', 1, 1],
        ['20', 1, 1],
      ],
    ]);

    expect(all.find((n) => n.type === 'image')?.src).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(all.find((n) => n.type === 'footnote')?.text).toBe('数据来源：年报');
    expect(all.find((n) => n.type === 'link')?.url).toBe('https://example.com/');
    expect(all.find((n) => n.type === 'code')).toBeDefined();
    expect(plainText(all.find((n) => n.type === 'code') as JsonNode)).toBe('const a = 1;\nconsole.log(a);');

    const formatOf = (word: string) =>
      all.find((n) => n.type === 'text' && n.text === word)?.format as number;
    expect(formatOf('Arial red') & TEXT_FORMAT.bold).toBeTruthy();
    expect(formatOf('高亮') & (TEXT_FORMAT.italic | TEXT_FORMAT.underline)).toBe(
      TEXT_FORMAT.italic | TEXT_FORMAT.underline,
    );
    expect(formatOf('删除') & TEXT_FORMAT.strikethrough).toBeTruthy();
    expect(all.find((n) => n.type === 'text' && n.text === '宋体五号')?.style).toContain('font-size: 14px');

    // Alignment and the first-line indent, which mammoth's HTML would drop.
    const block = (word: string) =>
      rootChildren(state).find((n) => plainText(n).startsWith(word)) as JsonNode;
    expect(block('宋体五号')).toMatchObject({ format: 'justify' });
    expect(String(block('宋体五号').$?.wxBlockStyle)).toContain('text-align-last: justify');
    expect(String(block('宋体五号').$?.wxBlockStyle)).toContain('text-indent: 2em');
    expect(block('居中').format).toBe('center');
    expect(block('右对齐').format).toBe('right');
    expect(block('两端对齐').format).toBe('justify');
  });
});
