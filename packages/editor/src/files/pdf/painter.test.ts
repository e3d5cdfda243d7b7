import { describe, expect, it } from 'vitest';
import { ALL_FONTS, fakeDoc } from './fakeDoc';
import type { PdfFontFile } from './fontFiles';
import { characterSpacing, Painter, type TextLine } from './painter';
import { baseStyle } from './styles';

const style = baseStyle(10);
const line = (texts: string[], width: number): TextLine => ({
  pieces: texts.map((text) => ({ text, style, width: Array.from(text).length * 10 })),
  width,
  height: 15,
  baseline: 11,
});

describe('Painter', () => {
  it('measures a string once per font, however often it is asked, and scales it to the size', () => {
    const fake = fakeDoc();
    const painter = new Painter(fake.doc, ALL_FONTS);
    expect(painter.measure(style, '中文')).toBe(20);
    expect(painter.measure({ ...style, size: 20 }, '中文')).toBe(40);
    expect(painter.measure({ ...style, font: 'bold' }, '中文')).toBe(20);
    expect(fake.calls.filter((c) => c[0] === 'widthOfString')).toHaveLength(2);
  });

  it('sets bold text in the regular font when no bold font was registered', () => {
    const boldLine: TextLine = {
      ...line([], 10),
      pieces: [{ text: '粗', style: { ...style, font: 'bold' }, width: 10 }],
    };
    const fonts = (hasBold: boolean) => {
      const fake = fakeDoc();
      const registered = new Set<PdfFontFile>([
        'NotoSansSC-Regular',
        ...(hasBold ? ['NotoSansSC-Bold' as const] : []),
      ]);
      new Painter(fake.doc, registered).drawLine(boldLine, 0, 0, 'left', 100);
      return fake.calls.filter((c) => c[0] === 'font');
    };
    expect(fonts(false)).toEqual([['font', 'NotoSansSC-Regular']]);
    expect(fonts(true)).toEqual([['font', 'NotoSansSC-Bold']]);
  });

  it('places a centred or right-aligned line by its slack, and writes each piece after the last', () => {
    const at = (align: 'left' | 'center' | 'right') => {
      const fake = fakeDoc();
      new Painter(fake.doc, ALL_FONTS).drawLine(line(['一二', '三'], 30), 100, 50, align, 130);
      return fake.texts().map((t) => [t.text, t.x, t.y]);
    };
    expect(at('left')).toEqual([
      ['一二', 100, 61],
      ['三', 120, 61],
    ]);
    expect(at('center')).toEqual([
      ['一二', 150, 61],
      ['三', 170, 61],
    ]);
    expect(at('right')).toEqual([
      ['一二', 200, 61],
      ['三', 220, 61],
    ]);
  });

  it('spreads a justified line’s slack between its characters, as character spacing', () => {
    const fake = fakeDoc();
    new Painter(fake.doc, ALL_FONTS).drawLine(line(['一二', '三四'], 40), 0, 0, 'justify', 100, false);
    const texts = fake.texts();
    expect(texts.map((t) => t.options.characterSpacing)).toEqual([20, 20]);
    // The second piece starts after the first's two characters and their spacing.
    expect(texts[1]?.x).toBe(60);
  });
});

describe('characterSpacing', () => {
  it('spreads justified lines but not the last one, and distributed lines always', () => {
    const l = line(['一二三'], 30);
    expect(characterSpacing(l, 'justify', 90, false)).toBe(30);
    expect(characterSpacing(l, 'justify', 90, true)).toBe(0);
    expect(characterSpacing(l, 'distribute', 90, true)).toBe(30);
    expect(characterSpacing(l, 'left', 90, false)).toBe(0);
  });

  it('leaves out trailing spaces, lines of one character and lines with no slack', () => {
    expect(characterSpacing(line(['一二三  '], 30), 'justify', 90, false)).toBe(30);
    expect(characterSpacing(line(['一'], 10), 'distribute', 90, true)).toBe(0);
    expect(characterSpacing(line(['一二三'], 30), 'justify', 30, false)).toBe(0);
  });
});
