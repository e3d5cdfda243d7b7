import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkedEditorState } from '../files/importFile';
import { fontFamilyFromCss } from '../format/units';
import { DEFAULT_STYLE_PRESETS, type StylePresets } from '../styles/presets';
import { documentToDocx } from './docxExport';
import { DocxFormatting } from './docxFormatting';
import { docxToDocument } from './docxImport';
import { documentOutline, documentShape, structuralScore } from './docxStructure';
import { isConvertError } from './errors';
import { blockStyleOf, cssDeclarations, type JsonNode, plainText, rootChildren, walk } from './nodes';

/*
 * The DOCX corpus in fixtures/docx (written by LibreOffice and by `docx` in Word's and WPS's shapes; see
 * make-fixtures.mjs there): each file comes in with its headings as headings, whatever numbering they
 * carry, and with the fonts, colours, sizes and spacing its styles and runs give; and it keeps them
 * through the editor's own DOCX and back.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/docx/${name}`, import.meta.url));
type State = ReturnType<typeof checkedEditorState>;

async function load(bytes: Uint8Array) {
  const converted = await docxToDocument(bytes);
  return { ...converted, state: checkedEditorState(converted.editorState) };
}

/** What the editor's outline lists: the top-level headings 1–3. */
const outline = (state: State) => documentOutline(state);

const textNodes = (state: State) =>
  [...walk(state.root as unknown as JsonNode)].filter((n) => n.type === 'text');

/** The css of the text node holding a word, with its family as the editor's key. */
function run(state: State, word: string) {
  const node = textNodes(state).find((n) => n.text?.includes(word));
  expect(node, `a run with “${word}”`).toBeDefined();
  const css = cssDeclarations(node?.style);
  return {
    family: fontFamilyFromCss(css['font-family'])?.key ?? css['font-family'],
    size: css['font-size'],
    color: css.color,
    background: css['background-color'],
    bold: (Number(node?.format) & 1) === 1,
  };
}

/** The top-level block whose text starts with a phrase: its alignment and paragraph css. */
function block(state: State, start: string) {
  const node = rootChildren(state).find((n) => plainText(n).startsWith(start));
  expect(node, `a block starting “${start}”`).toBeDefined();
  return {
    type: node?.type,
    tag: node?.tag,
    align: node?.format,
    ...cssDeclarations(blockStyleOf(node as JsonNode)),
  };
}

/** Everything the tests compare between two imports: blocks, their formats and their runs (docxStructure.ts). */
const shape = (state: State, presets: StylePresets = DEFAULT_STYLE_PRESETS) => documentShape(state, presets);

async function roundTrip(name: string) {
  const first = await load(fixture(name));
  // As the editor exports: with the presets the import gave the document.
  const exported = await documentToDocx({
    editorState: first.editorState,
    title: first.title,
    styles: first.styles,
  });
  const second = await load(exported);
  return { first, second, exported };
}

describe('DOCX corpus: a 公文 written by LibreOffice', () => {
  it('has its title and outline-numbered headings as headings, and its fonts, colours and spacing', async () => {
    const { state, title } = await load(fixture('gongwen-libreoffice.docx'));
    expect(title).toBe('关于做好2026年度安全生产工作的通知');
    expect(outline(state)).toEqual([
      ['h1', '关于做好2026年度安全生产工作的通知'],
      ['h1', '一、总体要求'],
      ['h2', '（一）工作目标'],
      ['h1', '二、重点任务'],
    ]);
    expect(rootChildren(state).some((n) => n.type === 'list')).toBe(false);

    // The red header in 方正小标宋简体 一号, which the editor does not offer: kept by name.
    expect(run(state, '某某市人民政府办公室文件')).toMatchObject({ size: '34.67px', color: '#ff0000' });
    expect(run(state, '某某市人民政府办公室文件').family).toMatch(/^"方正小标宋简体"/);
    expect(block(state, '某某市人民政府办公室文件')).toMatchObject({ align: 'center' });
    expect(run(state, '关于做好').size).toBe('29.33px');
    expect(run(state, '总体要求')).toMatchObject({ family: 'heiti', size: '21.33px', color: undefined });
    expect(run(state, '工作目标')).toMatchObject({ family: 'kaiti', size: '21.33px' });
    // 仿宋_GB2312 三号 body at a fixed 28pt line with a two-character first-line indent.
    expect(run(state, '坚持人民至上')).toMatchObject({
      family: 'fangsong',
      size: '21.33px',
      color: undefined,
    });
    expect(run(state, '红色楷体提示')).toMatchObject({ family: 'kaiti', size: '21.33px', color: '#ff0000' });
    expect(block(state, '坚持人民至上')).toMatchObject({
      type: 'paragraph',
      align: 'justify',
      'line-height': '37.33px',
      'text-indent': '2em',
    });
    expect(block(state, '2026年1月5日')).toMatchObject({ align: 'right' });
    // Runs LibreOffice split but formatted alike are one text.
    expect(textNodes(state).some((n) => n.text === '2026年1月5日')).toBe(true);
  });
});

describe('DOCX corpus: a report with LibreOffice outline numbering', () => {
  it('reads numbered (一、) and unnumbered (numFmt none) headings as headings 1–3, and its list as a list', async () => {
    const { state, styles } = await load(fixture('report-libreoffice.docx'));
    const headings = outline(state);
    expect(headings).toHaveLength(15);
    expect(headings.slice(0, 5)).toEqual([
      ['h1', '一、总体情况'],
      ['h2', '工作进展'],
      ['h3', '具体措施1.1'],
      ['h2', '存在问题'],
      ['h3', '具体措施1.2'],
    ]);
    expect(headings.filter(([tag]) => tag === 'h1').map(([, text]) => text)).toEqual([
      '一、总体情况',
      '二、主要做法',
      '三、下一步安排',
    ]);
    expect(run(state, '总体情况')).toMatchObject({ family: 'heiti', size: '21.33px' });
    expect(run(state, '工作进展')).toMatchObject({ family: 'kaiti', size: '20px' });
    expect(run(state, '具体措施1.1')).toMatchObject({ family: 'fangsong', size: '18.67px' });
    // Bold headings are bold by the document's presets, which come from its heading styles.
    expect([styles?.h1.bold, styles?.h2.bold, styles?.h3.bold]).toEqual([true, false, true]);
    expect(styles?.h2).toMatchObject({ fontFamily: 'kaiti', fontSizePx: 20 });
    expect(run(state, '重点1.1')).toMatchObject({ family: 'songti', size: '16px', background: '#ffff00' });
    expect(run(state, '成效明显').bold).toBe(true);
    expect(block(state, '全年完成主要指标')).toMatchObject({
      align: 'justify',
      'line-height': '1.5',
      'text-indent': '2em',
    });
    const lists = rootChildren(state).filter((n) => n.type === 'list');
    expect(lists.map((l) => [l.listType, (l.children ?? []).map(plainText)])).toEqual([
      ['number', ['第一项清单', '第二项清单']],
    ]);
  });
});

describe('DOCX corpus: Word’s shape', () => {
  it('reads “heading N” styles numbered 1 / 1.1 / 1.1.1 as headings with their numbers, and the runs’ fonts', async () => {
    const { state, styles } = await load(fixture('word-style.docx'));
    expect(outline(state)).toEqual([
      ['h1', '1 项目概况'],
      ['h2', '1.1 建设内容'],
      ['h3', '1.1.1 建设规模'],
      ['h2', '1.2 投资估算'],
      ['h1', '2 结论'],
    ]);
    expect(run(state, '项目概况')).toMatchObject({ family: 'songti', size: '29.33px' });
    expect(run(state, '建设内容')).toMatchObject({ family: 'heiti', size: '21.33px' });
    expect(styles?.h1).toMatchObject({ fontFamily: 'songti', fontSizePx: 29.33, bold: true });
    expect(styles?.h2).toMatchObject({ fontFamily: 'heiti', fontSizePx: 21.33, bold: true });
    // The document's defaults reach every run that says nothing of its own: 五号 in the theme's East Asian
    // face (等线, which the editor does not offer, so kept by name).
    expect(run(state, '本项目位于城市东部')).toMatchObject({ family: '"等线", sans-serif', size: '14px' });
    expect(run(state, '红色楷体')).toMatchObject({ family: 'kaiti', size: '14px', color: '#c00000' });
    expect(run(state, '黄色高亮').background).toBe('#ffff00');
    expect(run(state, 'Total area')).toMatchObject({ family: 'arial' });
    expect(run(state, '小四号字').size).toBe('16px');
    expect(block(state, '本项目位于城市东部')).toMatchObject({
      align: 'justify',
      'line-height': '1.5',
      'text-indent': '2em',
    });
    expect(block(state, '居中结语').align).toBe('center');
  });
});

describe('DOCX corpus: WPS’s shape', () => {
  it('reads headings numbered with numFmt none and a body paragraph’s own outline level as headings', async () => {
    const { state, styles } = await load(fixture('wps-style.docx'));
    expect(outline(state)).toEqual([
      ['h1', '一、基本情况'],
      ['h2', '（一）主要指标'],
      ['h3', '1. 农业生产'],
      ['h3', '2. 工业生产（正文样式，大纲级别 3 级）'],
    ]);
    expect(run(state, '基本情况')).toMatchObject({ family: 'heiti', size: '21.33px' });
    expect(run(state, '主要指标')).toMatchObject({ family: 'kaiti', size: '21.33px' });
    expect(run(state, '农业生产')).toMatchObject({ family: 'fangsong' });
    expect([styles?.h1.bold, styles?.h2.bold, styles?.h3.bold]).toEqual([false, false, true]);
    expect(run(state, '今年以来')).toMatchObject({ family: 'fangsong', size: '21.33px' });
    // WPS marks text with shading rather than a highlight.
    expect(run(state, '6.5%').background).toBe('#ffff00');
    expect(run(state, '粮食播种面积稳定').color).toBe('#ff0000');
    expect(block(state, '今年以来')).toMatchObject({
      align: 'justify',
      'line-height': '37.33px',
      'text-indent': '2em',
    });
    expect(block(state, '分散对齐的落款')).toMatchObject({ align: 'justify', 'text-align-last': 'justify' });
  });
});

describe('DOCX corpus: DOCX → editor → DOCX → editor', () => {
  for (const name of [
    'gongwen-libreoffice.docx',
    'report-libreoffice.docx',
    'word-style.docx',
    'wps-style.docx',
  ])
    it(`keeps ${name}'s headings, fonts, colours, sizes and spacing`, async () => {
      const { first, second } = await roundTrip(name);
      expect(outline(second.state).length).toBeGreaterThan(0);
      expect(outline(second.state)).toEqual(outline(first.state));
      expect(second.styles).toEqual(first.styles);
      expect(shape(second.state, second.styles)).toEqual(shape(first.state, first.styles));
      const score = structuralScore(shape(first.state, first.styles), shape(second.state, second.styles));
      expect(score).toEqual({ score: 1, blocks: rootChildren(first.state).length, identical: score.blocks });
    });

  it('writes Heading 1–3 as the default presets draw them (black, bold, 黑体), not docx’s blue', async () => {
    const { editorState, title } = await load(fixture('gongwen-libreoffice.docx'));
    const exported = await documentToDocx({ editorState, title });
    const styles = strFromU8(unzipSync(exported)['word/styles.xml'] as Uint8Array);
    expect(styles).not.toMatch(/2E74B5|1F4D78/);
    for (const [level, preset] of [
      [1, DEFAULT_STYLE_PRESETS.h1],
      [2, DEFAULT_STYLE_PRESETS.h2],
      [3, DEFAULT_STYLE_PRESETS.h3],
    ] as const) {
      const style =
        new RegExp(`<w:style [^>]*w:styleId="Heading${level}".*?</w:style>`).exec(styles)?.[0] ?? '';
      expect(style).toContain(`<w:name w:val="Heading ${level}"/>`);
      expect(style).toContain(`<w:outlineLvl w:val="${level - 1}"/>`);
      expect(style).toContain('<w:color w:val="000000"/>');
      expect(style).toMatch(/<w:rFonts [^>]*w:eastAsia="黑体"/);
      expect(style).toContain('<w:b/>');
      expect(style).toContain(`<w:sz w:val="${Math.round(preset.fontSizePx * 1.5)}"/>`);
    }
  });

  it('takes a DOCX’s heading styles as the document’s presets, and writes them back', async () => {
    const { first, exported } = await roundTrip('gongwen-libreoffice.docx');
    expect(first.styles?.h1).toMatchObject({
      fontFamily: 'heiti',
      fontSizePx: 21.33,
      bold: false,
      color: '',
    });
    expect(first.styles?.h2).toMatchObject({ fontFamily: 'kaiti', fontSizePx: 21.33, bold: false });
    const xml = strFromU8(unzipSync(exported)['word/styles.xml'] as Uint8Array);
    expect(xml).not.toMatch(/2E74B5|1F4D78/);
    const h2 = /<w:style [^>]*w:styleId="Heading2".*?<\/w:style>/.exec(xml)?.[0] ?? '';
    expect(h2).toMatch(/<w:rFonts [^>]*w:eastAsia="楷体"/);
    expect(h2).toContain('<w:color w:val="000000"/>');
    expect(h2).toContain('<w:sz w:val="32"/>');
    expect(h2).not.toContain('<w:b/>');
  });

  it('writes a document’s own presets into its heading styles', async () => {
    const { first } = await roundTrip('word-style.docx');
    const styles = {
      ...DEFAULT_STYLE_PRESETS,
      h1: { ...DEFAULT_STYLE_PRESETS.h1, fontFamily: 'kaiti', color: '#c00000', fontSizePx: 32, bold: false },
    };
    const bytes = await documentToDocx({ editorState: first.editorState, title: first.title, styles });
    const xml = strFromU8(unzipSync(bytes)['word/styles.xml'] as Uint8Array);
    const h1 = /<w:style [^>]*w:styleId="Heading1".*?<\/w:style>/.exec(xml)?.[0] ?? '';
    expect(h1).toContain('<w:color w:val="C00000"/>');
    expect(h1).toMatch(/<w:rFonts [^>]*w:eastAsia="楷体"/);
    expect(h1).toContain('<w:sz w:val="48"/>');
    expect(h1).not.toContain('<w:b/>');
  });
});

/** A fixture with one of its parts replaced. */
function withPart(name: string, part: string, xml: string): Uint8Array {
  const files = unzipSync(fixture(name));
  files[part] = strToU8(xml);
  return zipSync(files);
}

const STYLES_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">';

describe('DOCX import of a hostile styles.xml', () => {
  it('expands no entity a DTD declares and reads no external one', async () => {
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
    ).join('');
    const xml =
      `<?xml version="1.0"?><!DOCTYPE w:styles [<!ENTITY l0 "lol">${entities}` +
      '<!ENTITY ext SYSTEM "file:///etc/passwd">]>' +
      STYLES_HEAD.replace(/^<\?xml[^>]*>/, '') +
      '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/>' +
      '<w:rPr><w:rFonts w:eastAsia="&l9;&ext;"/></w:rPr></w:style></w:styles>';
    const started = Date.now();
    const outcome = await docxToDocument(withPart('wps-style.docx', 'word/styles.xml', xml)).then(
      (document) => ({ document }),
      (error: unknown) => ({ error }),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    if ('error' in outcome) expect(isConvertError(outcome.error)).toBe(true);
    else {
      const text = JSON.stringify(outcome.document.editorState);
      expect(text).not.toContain('lollol');
      expect(text).not.toContain('root:');
      expect(plainText(outcome.document.editorState.root as unknown as JsonNode)).toContain('今年以来');
    }
    // The formatting reader does not read a part with a DTD at all.
    const formatting = new DocxFormatting({ styles: xml });
    expect(formatting.headingLevel({ text: '', styleId: 'Heading1', props: {}, runs: [], label: '' })).toBe(
      0,
    );
  });

  it('refuses styles nested past the limit before anything parses them', async () => {
    const xml = `${STYLES_HEAD}${'<w:style>'.repeat(5_000)}${'</w:style>'.repeat(5_000)}</w:styles>`;
    await expect(docxToDocument(withPart('wps-style.docx', 'word/styles.xml', xml))).rejects.toMatchObject({
      code: 'DOCX_TOO_LARGE',
    });
  });

  it('stops at styles based on each other in a ring', async () => {
    const ring = Array.from(
      { length: 200 },
      (_, i) =>
        `<w:style w:type="paragraph" w:styleId="s${i}"><w:name w:val="s${i}"/><w:basedOn w:val="s${(i + 1) % 200}"/>` +
        `<w:rPr><w:sz w:val="${20 + (i % 10)}"/></w:rPr></w:style>`,
    ).join('');
    const xml = `${STYLES_HEAD}${ring}</w:styles>`;
    const formatting = new DocxFormatting({ styles: xml });
    const paragraph = { text: '', styleId: 's0', props: {}, runs: [], label: '' };
    expect(formatting.headingLevel(paragraph)).toBe(0);
    expect(formatting.runProps(paragraph, undefined).size).toBeGreaterThan(0);
    const imported = await docxToDocument(withPart('wps-style.docx', 'word/styles.xml', xml));
    expect(plainText(imported.editorState.root as unknown as JsonNode)).toContain('今年以来');
  });
});
