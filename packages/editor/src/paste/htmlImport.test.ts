import { describe, expect, it } from 'vitest';
import { equalColumnWidths, PAGE_TEXT_WIDTH_PX } from '../constants';
import { FONT_FAMILIES } from '../format/units';
import { fontStackFor, parseRawStyle, pastedSpacing } from './htmlImport';

const stack = (key: string) => FONT_FAMILIES.find((f) => f.key === key)?.stack;

describe('pasted HTML from Word and WPS', () => {
  it('reads every declaration of a style attribute, mso-* included, the last one winning', () => {
    const style = parseRawStyle(
      "mso-spacerun:'yes';font-family:仿宋_GB2312;FONT-SIZE:16.0000pt;mso-fareast-font-family:楷体;font-size:10.5pt !important",
    );
    expect(style.get('font-family')).toBe('仿宋_GB2312');
    expect(style.get('font-size')).toBe('10.5pt');
    expect(style.get('mso-fareast-font-family')).toBe('楷体');
  });
  it('maps the font names Word and WPS write to the editor fonts', () => {
    expect(fontStackFor('宋体')).toBe(stack('songti'));
    expect(fontStackFor('SimHei')).toBe(stack('heiti'));
    expect(fontStackFor('仿宋_GB2312')).toBe(stack('fangsong'));
    expect(fontStackFor('"Times New Roman",serif')).toBe(stack('times'));
    expect(fontStackFor('"Microsoft YaHei", sans-serif')).toBe(stack('yahei'));
    expect(fontStackFor('方正小标宋简体')).toBeNull();
  });
  it('keeps a paragraph’s margin-top and margin-bottom as 段前 and 段后 in points', () => {
    expect(
      pastedSpacing(parseRawStyle('margin-top:12.0pt;margin-bottom:.5cm;mso-para-margin-top:1gd')),
    ).toEqual({
      'margin-block-start': '12pt',
      'margin-block-end': '14.2pt',
    });
    expect(pastedSpacing(parseRawStyle('margin-top:-6pt;margin-bottom:8px'))).toEqual({
      'margin-block-end': '6pt',
    });
  });
});

describe('new tables', () => {
  it('span the text width of the page in equal columns', () => {
    const widths = equalColumnWidths(4);
    expect(new Set(widths).size).toBe(1);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(PAGE_TEXT_WIDTH_PX, 0);
    expect(equalColumnWidths(3).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(PAGE_TEXT_WIDTH_PX);
  });
});
