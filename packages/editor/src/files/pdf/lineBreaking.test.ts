import { describe, expect, it } from 'vitest';
import { breakLines, type Fragment, NO_LINE_START } from './lineBreaking';

// Every character one unit wide: a line of width 10 holds 10 characters.
const measure = (_style: string, text: string) => Array.from(text).length;
const lineTexts = (fragments: Fragment<string>[], width: number, indent = 0) =>
  breakLines(fragments, width, indent, measure).map((line) => line.pieces.map((p) => p.text).join(''));

describe('breakLines', () => {
  it('breaks Chinese between any two characters', () => {
    expect(lineTexts([{ text: '一二三四五六七八九十甲乙丙', style: 'r' }], 10)).toEqual([
      '一二三四五六七八九十',
      '甲乙丙',
    ]);
  });

  it('never starts a line with closing punctuation: the character before it moves down too', () => {
    // The comma would be the 11th character, the first of line two.
    expect(lineTexts([{ text: '一二三四五六七八九十，甲乙', style: 'r' }], 10)).toEqual([
      '一二三四五六七八九',
      '十，甲乙',
    ]);
    for (const mark of ['。', '、', '；', '：', '？', '！', '」', '）', '》']) {
      const lines = lineTexts([{ text: `一二三四五六七八九十${mark}甲`, style: 'r' }], 10);
      expect(
        lines.every((line) => !NO_LINE_START.has(Array.from(line)[0] as string)),
        mark,
      ).toBe(true);
    }
  });

  it('keeps the rule across runs of different styles (bold text, then a comma)', () => {
    const lines = lineTexts(
      [
        { text: '一二三四五六七八', style: 'r' },
        { text: '九十', style: 'b' },
        { text: '，甲乙', style: 'r' },
      ],
      10,
    );
    expect(lines).toEqual(['一二三四五六七八九', '十，甲乙']);
  });

  it('never ends a line with opening punctuation', () => {
    expect(lineTexts([{ text: '一二三四五六七八九「十」甲', style: 'r' }], 10)).toEqual([
      '一二三四五六七八九',
      '「十」甲',
    ]);
  });

  it('keeps Latin words whole and drops the space at the end of a line', () => {
    expect(lineTexts([{ text: 'hello world again', style: 'r' }], 12)).toEqual(['hello world', 'again']);
  });

  it('takes the first-line indent off the first line only, and honours line breaks', () => {
    expect(lineTexts([{ text: '一二三四五六七八九十甲乙\n丙', style: 'r' }], 10, 2)).toEqual([
      '一二三四五六七八',
      '九十甲乙',
      '丙',
    ]);
  });

  it('cuts a word wider than the line between characters', () => {
    expect(lineTexts([{ text: 'abcdefghijklmnopqrstuvwxyz', style: 'r' }], 10)).toEqual([
      'abcdefghij',
      'klmnopqrst',
      'uvwxyz',
    ]);
  });

  it('merges neighbouring characters of one style into one piece with its width', () => {
    const [line] = breakLines(
      [
        { text: '一二', style: 'r' },
        { text: '三', style: 'b' },
      ],
      10,
      0,
      measure,
    );
    expect(line?.pieces).toEqual([
      { text: '一二', style: 'r', width: 2 },
      { text: '三', style: 'b', width: 1 },
    ]);
    expect(line?.width).toBe(3);
  });
});
