import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_PRESETS, type StylePreset } from '../../styles/presets';
import type { Block, Run } from './blocks';
import {
  baseStyle,
  cssColor,
  fontsUsed,
  LINK_COLOR,
  presetIndent,
  presetKeyOf,
  presetLineHeight,
  presetStyle,
  styleOf,
} from './styles';

const paragraph = (runs: Run[]): Block => ({
  kind: 'paragraph',
  runs,
  align: 'left',
  indent: 0,
  firstLineEm: 0,
  lineHeight: 0,
});
const preset = (over: Partial<StylePreset>): StylePreset => ({ ...DEFAULT_STYLE_PRESETS.paragraph, ...over });

describe('cssColor', () => {
  it('keeps hex colours, converts rgb() and rgba(), and falls back for anything else', () => {
    expect(cssColor('#abc', '#000')).toBe('#abc');
    expect(cssColor(' #A0B1C2 ', '#000')).toBe('#A0B1C2');
    expect(cssColor('rgb(255, 0, 16)', '#000')).toBe('#ff0010');
    expect(cssColor('rgba(300 2 3 / 0.5)', '#000')).toBe('#ff0203');
    expect(cssColor('red', '#123456')).toBe('#123456');
    expect(cssColor('var(--x)', '#123456')).toBe('#123456');
    expect(cssColor(undefined, '#123456')).toBe('#123456');
  });
});

describe('presets', () => {
  it('styles headings by their level, code by the code preset, cells by the cell preset', () => {
    const heading = (level: number): Block =>
      ({ ...(paragraph([]) as object), kind: 'heading', level }) as Block;
    expect(presetKeyOf(heading(1))).toBe('h1');
    expect(presetKeyOf(heading(2))).toBe('h2');
    expect(presetKeyOf(heading(5))).toBe('h3');
    expect(presetKeyOf({ kind: 'code', lines: [] })).toBe('code');
    expect(presetKeyOf(paragraph([]))).toBe('paragraph');
    expect(presetKeyOf(paragraph([]), 'tableHeader')).toBe('tableHeader');
  });

  it('needs the bold font for bold runs, bold presets and bold text inside tables only', () => {
    const plain = DEFAULT_STYLE_PRESETS;
    const needsBold = (blocks: Block[], presets: typeof plain) =>
      fontsUsed(blocks, presets).has('NotoSansSC-Bold');
    expect(needsBold([paragraph([{ text: '正文' }])], plain)).toBe(false);
    expect(needsBold([paragraph([{ text: '加粗', bold: true }])], plain)).toBe(true);
    expect(needsBold([paragraph([{ text: '正文' }])], { ...plain, paragraph: preset({ bold: true }) })).toBe(
      true,
    );
    // A picture has no text: a bold paragraph preset does not make it need the bold font.
    expect(
      needsBold([{ kind: 'image', src: '', altText: '' }], { ...plain, paragraph: preset({ bold: true }) }),
    ).toBe(false);
    const table = (header: boolean): Block => ({
      kind: 'table',
      rows: [[{ blocks: [paragraph([{ text: '格' }])], header, colSpan: 1, rowSpan: 1 }]],
    });
    const boldHeader = { ...plain, tableHeader: preset({ bold: true }), tableBody: preset({ bold: false }) };
    expect(needsBold([table(true)], boldHeader)).toBe(true);
    expect(needsBold([table(false)], boldHeader)).toBe(false);
  });

  it('loads the file of each family and weight the text is set in, and the body face for page numbers', () => {
    const plain = DEFAULT_STYLE_PRESETS;
    const families = [
      paragraph([
        { text: '宋', fontFamily: '"SimSun", "宋体", serif' },
        { text: '楷', fontFamily: '"KaiTi", "楷体", serif', bold: true },
        { text: '仿', fontFamily: '"仿宋_GB2312", serif' },
        { text: '小标宋', fontFamily: '"方正小标宋简体", serif' },
      ]),
    ];
    expect([...fontsUsed(families, plain)].sort()).toEqual([
      'LXGWWenKai-Bold',
      'LXGWWenKai-Light',
      'NotoSansSC-Regular',
      'NotoSerifSC-Regular',
    ]);
    // A 公文 in 仿宋 throughout: its page numbers are 仿宋 too, and no sans is loaded.
    const fang = { ...plain, paragraph: preset({ fontFamily: 'fangsong' }) };
    expect([...fontsUsed([paragraph([{ text: '正文' }])], fang)]).toEqual(['LXGWWenKai-Light']);
  });

  it('turns an exact line height into a multiple of the font size, and falls back to 1.5 when unusable', () => {
    expect(presetLineHeight(preset({ lineHeightAdv: { kind: 'multiple', value: 2 } }), 12)).toBe(2);
    // 24 px is 18 pt: 1.5 lines of 12 pt.
    expect(presetLineHeight(preset({ lineHeightAdv: { kind: 'exact', value: 24, unit: 'px' } }), 12)).toBe(
      1.5,
    );
    // Never tighter than half a line.
    expect(presetLineHeight(preset({ lineHeightAdv: { kind: 'exact', value: 1, unit: 'px' } }), 12)).toBe(
      0.5,
    );
    expect(presetLineHeight(preset({ lineHeightAdv: { kind: 'multiple', value: 0 } }), 12)).toBe(1.5);
  });

  it('gives a first-line indent in characters or millimetres, and a hanging one as a start margin', () => {
    expect(
      presetIndent(preset({ specialIndent: { kind: 'firstLine', value: 2, unit: 'char' } }), 12),
    ).toEqual({
      first: 24,
      start: 0,
    });
    const mm = presetIndent(preset({ specialIndent: { kind: 'hanging', value: 25.4, unit: 'mm' } }), 12);
    expect(mm.first).toBeCloseTo(-72);
    expect(mm.start).toBeCloseTo(72);
    expect(presetIndent(preset({ specialIndent: { kind: 'none' } }), 12)).toEqual({ first: 0, start: 0 });
  });

  it('sets a preset’s text in its family’s face, 黑体 when it names none', () => {
    expect(presetStyle(preset({ fontFamily: 'songti' })).face).toBe('song');
    expect(presetStyle(preset({ fontFamily: 'kaiti', bold: true }))).toMatchObject({
      face: 'kai',
      font: 'bold',
    });
    expect(presetStyle(preset({ fontFamily: 'fangsong' })).face).toBe('fang');
    expect(presetStyle(preset({ fontFamily: '' })).face).toBe('hei');
    expect(presetStyle(DEFAULT_STYLE_PRESETS.h1)).toMatchObject({ face: 'hei', font: 'bold' });
  });

  it('sets a preset’s text in points, with its colour and highlight', () => {
    const style = presetStyle(preset({ bold: true, fontSizePx: 24, color: '#c00000', highlight: '#ffff00' }));
    expect(style).toMatchObject({ font: 'bold', size: 18, color: '#c00000', highlight: '#ffff00' });
    expect(presetStyle(preset({ color: '' })).color).toBe('#111111');
  });
});

describe('styleOf', () => {
  const base = baseStyle(12);

  it('lets a run’s own formatting win over its block’s look', () => {
    expect(styleOf({ text: 'x', bold: true, fontSizePx: 20, color: 'rgb(0,128,0)' }, base)).toMatchObject({
      font: 'bold',
      size: 15,
      color: '#008000',
    });
    expect(styleOf({ text: 'x' }, { ...base, font: 'bold' }).font).toBe('bold');
  });

  it('takes a run’s own family, and keeps the block’s for a family that tells nothing', () => {
    expect(styleOf({ text: 'x', fontFamily: '"FangSong", "仿宋", serif' }, base).face).toBe('fang');
    expect(styleOf({ text: 'x', fontFamily: '"Times New Roman", Times, serif' }, base).face).toBe('song');
    expect(styleOf({ text: 'x', fontFamily: '"某某字体"' }, { ...base, face: 'kai' }).face).toBe('kai');
    expect(styleOf({ text: 'x' }, { ...base, face: 'song' }).face).toBe('song');
  });

  it('underlines links in the link colour, and sets inline code smaller on a grey ground', () => {
    expect(styleOf({ text: 'x', link: 'https://a' }, base)).toMatchObject({
      color: LINK_COLOR,
      underline: true,
      link: 'https://a',
    });
    expect(styleOf({ text: 'x', code: true }, base)).toMatchObject({ size: 12 * 0.9, highlight: '#f2f3f5' });
  });

  it('raises superscript and lowers subscript, both smaller', () => {
    const sup = styleOf({ text: 'x', superscript: true }, base);
    const sub = styleOf({ text: 'x', subscript: true }, base);
    expect(sup.size).toBeCloseTo(8.4);
    expect(sup.rise).toBeCloseTo(4.2);
    expect(sub.rise).toBeCloseTo(-1.8);
  });
});
