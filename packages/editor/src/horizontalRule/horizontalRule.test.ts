import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { documentToDocx } from '../convert/docxExport';
import { docxToDocument } from '../convert/docxImport';
import { documentToMarkdown, markdownToDocument } from '../convert/markdown';
import {
  editorState,
  horizontalRuleNode,
  type JsonNode,
  paragraphNode,
  rootChildren,
  textNode,
} from '../convert/nodes';
import { checkedEditorState } from '../files/importFile';
import { blocksOf } from '../files/pdf/blocks';
import { ALL_FONTS, fakeDoc } from '../files/pdf/fakeDoc';
import { Layout } from '../files/pdf/layout';
import { Painter } from '../files/pdf/painter';
import { DEFAULT_STYLE_PRESETS } from '../styles/presets';

const withRule = editorState([
  paragraphNode([textNode('上一段')]),
  horizontalRuleNode(),
  paragraphNode([textNode('下一段')]),
]);
const types = (state: ReturnType<typeof editorState>) => rootChildren(state).map((n: JsonNode) => n.type);

describe('水平线 in Markdown', () => {
  it('is written as --- between the paragraphs and read back as a rule', () => {
    const markdown = documentToMarkdown({ editorState: withRule });
    expect(markdown).toBe('上一段\n\n---\n\n下一段\n');
    const back = markdownToDocument(markdown).editorState;
    expect(types(back)).toEqual(['paragraph', 'horizontalrule', 'paragraph']);
    // The editor itself accepts what the converter made.
    expect(() => checkedEditorState(back)).not.toThrow();
  });

  it('reads *** and ___ as rules too', () => {
    const back = markdownToDocument('甲\n\n***\n\n乙\n\n___\n').editorState;
    expect(types(back)).toEqual(['paragraph', 'horizontalrule', 'paragraph', 'horizontalrule']);
  });
});

describe('水平线 in DOCX', () => {
  it('is an empty paragraph with a bottom border, as Word makes it, and reads back as a rule', async () => {
    const bytes = await documentToDocx({ editorState: withRule, title: '分隔' });
    const xml = new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
    expect(xml).toMatch(/<w:pBdr><w:bottom w:val="single"[^>]*w:sz="6"/);
    const back = (await docxToDocument(bytes)).editorState;
    expect(types(back)).toEqual(['paragraph', 'horizontalrule', 'paragraph']);
    expect(() => checkedEditorState(back)).not.toThrow();
  });
});

describe('水平线 in PDF', () => {
  it('is a rule block drawn as a line across the column', () => {
    const blocks = blocksOf(withRule);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'rule', 'paragraph']);
    const fake = fakeDoc();
    const layout = new Layout(new Painter(fake.doc, ALL_FONTS), DEFAULT_STYLE_PRESETS);
    const [item] = layout.blockItems(blocks[1] as (typeof blocks)[number], 400);
    item?.draw(50, 100);
    const moves = fake.calls.filter((c) => c[0] === 'moveTo' || c[0] === 'lineTo');
    expect(moves).toEqual([
      ['moveTo', 50, 106],
      ['lineTo', 450, 106],
    ]);
    expect(fake.calls.some((c) => c[0] === 'stroke')).toBe(true);
  });
});
