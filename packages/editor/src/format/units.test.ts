import { describe, expect, it } from 'vitest';
import {
  cssFontSizeToPx,
  cssLengthToPx,
  FONT_FAMILIES,
  FONT_SIZE_OPTIONS,
  fontFamilyFromCss,
  fontSizeLabel,
  fromPx,
  lineHeightToCss,
  parseCustomFontSize,
  specialIndentToCss,
  toPx,
} from './units';

describe('toPx / fromPx', () => {
  it('converts pt as × 96/72 and mm as × 96/25.4', () => {
    expect(toPx(12, 'pt')).toBe(16);
    expect(toPx(10.5, 'pt')).toBe(14);
    expect(toPx(25.4, 'mm')).toBe(96);
    expect(toPx(10, 'mm')).toBe(37.8);
    expect(toPx(13, 'px')).toBe(13);
    expect(fromPx(16, 'pt')).toBe(12);
  });
});

describe('parseCustomFontSize', () => {
  it('accepts numbers in each unit', () => {
    expect(parseCustomFontSize('12', 'pt')).toBe(16);
    expect(parseCustomFontSize(' 10.5 ', 'pt')).toBe(14);
    expect(parseCustomFontSize('5', 'mm')).toBe(18.9);
    expect(parseCustomFontSize('20', 'px')).toBe(20);
  });
  it('ignores what is not a number', () => {
    for (const bad of ['', 'abc', '12pt', '1e3', '-3', '0', '１２', '12,5', '9999']) {
      expect(parseCustomFontSize(bad, 'px'), bad).toBeNull();
    }
  });
});

describe('font size options', () => {
  it('lists 初号 to 八号 then the point list', () => {
    expect(FONT_SIZE_OPTIONS[0]).toEqual({ key: 'cn-初号', label: '初号', px: 56 });
    expect(FONT_SIZE_OPTIONS.find((o) => o.label === '八号')?.px).toBe(6.67);
    expect(FONT_SIZE_OPTIONS.find((o) => o.label === '五号')?.px).toBe(14);
    expect(FONT_SIZE_OPTIONS.filter((o) => o.key.startsWith('pt-'))).toHaveLength(17);
  });
  it('labels a size by its Chinese name when one matches', () => {
    expect(fontSizeLabel(21.33)).toBe('三号');
    expect(fontSizeLabel(15)).toBe('15px');
    expect(cssFontSizeToPx('12pt')).toBe(16);
    expect(cssFontSizeToPx('21.33px')).toBe(21.33);
    expect(cssFontSizeToPx('larger')).toBeNull();
    expect(cssFontSizeToPx('-2pt')).toBeNull();
    // Lengths of pasted paragraphs: signed (a hanging indent) and in cm too.
    expect(cssLengthToPx('-21pt')).toBe(-28);
    expect(cssLengthToPx('0.5cm')).toBe(toPx(5, 'mm'));
    expect(cssLengthToPx('2em')).toBeNull();
  });
});

describe('fontFamilyFromCss', () => {
  it('finds the option of a stored stack', () => {
    const kaiti = FONT_FAMILIES.find((f) => f.key === 'kaiti');
    expect(fontFamilyFromCss(kaiti?.stack)).toBe(kaiti);
    expect(fontFamilyFromCss('Comic Sans')).toBeNull();
  });
});

describe('lineHeightToCss', () => {
  it('writes presets and multiples unitless, snapping multiples to 0.05', () => {
    expect(lineHeightToCss({ kind: 'preset', value: 1.15 })).toBe('1.15');
    expect(lineHeightToCss({ kind: 'multiple', value: 1.234 })).toBe('1.25');
    expect(lineHeightToCss({ kind: 'multiple', value: 3 })).toBe('3');
  });
  it('writes exact heights in px', () => {
    expect(lineHeightToCss({ kind: 'exact', value: 18, unit: 'pt' })).toBe('24px');
    expect(lineHeightToCss({ kind: 'exact', value: 10, unit: 'mm' })).toBe('37.8px');
    expect(lineHeightToCss({ kind: 'exact', value: 20, unit: 'px' })).toBe('20px');
  });
  it('refuses zero and negative values', () => {
    expect(lineHeightToCss({ kind: 'multiple', value: 0 })).toBeNull();
    expect(lineHeightToCss({ kind: 'exact', value: -1, unit: 'px' })).toBeNull();
  });
});

describe('specialIndentToCss', () => {
  it('indents the first line by characters or mm', () => {
    expect(specialIndentToCss({ kind: 'firstLine', value: 2, unit: 'char' })).toEqual({
      'text-indent': '2em',
      'margin-inline-start': '',
    });
    expect(specialIndentToCss({ kind: 'firstLine', value: 10, unit: 'mm' })?.['text-indent']).toBe('37.8px');
  });
  it('hangs by pulling the first line back and the rest in', () => {
    expect(specialIndentToCss({ kind: 'hanging', value: 2, unit: 'char' })).toEqual({
      'text-indent': '-2em',
      'margin-inline-start': '2em',
    });
  });
  it('clears with none', () => {
    expect(specialIndentToCss({ kind: 'none' })).toEqual({ 'text-indent': '', 'margin-inline-start': '' });
  });
});
