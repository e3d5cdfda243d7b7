import { describe, expect, it } from 'vitest';
import {
  buildPresetStylesheet,
  DEFAULT_STYLE_PRESETS,
  normalizeStylePresets,
  presetDeclarations,
  STYLE_PRESET_KEYS,
} from './presets';

describe('style presets', () => {
  it("has the nine presets, in the style dialog's order", () => {
    expect(STYLE_PRESET_KEYS).toEqual([
      'paragraph',
      'h1',
      'h2',
      'h3',
      'code',
      'figureCaption',
      'tableCaption',
      'tableHeader',
      'tableBody',
    ]);
    expect(Object.keys(DEFAULT_STYLE_PRESETS).sort()).toEqual([...STYLE_PRESET_KEYS].sort());
  });

  it('turns a preset into css declarations', () => {
    const declarations = presetDeclarations({
      ...DEFAULT_STYLE_PRESETS.paragraph,
      bold: true,
      underline: true,
      strike: true,
      fontFamily: 'songti',
      fontSizePx: 21.33,
      color: '#111111',
      highlight: '#ffff00',
      lineHeightAdv: { kind: 'exact', value: 18, unit: 'pt' },
      specialIndent: { kind: 'firstLine', value: 2, unit: 'char' },
    });
    expect(declarations).toMatchObject({
      'font-weight': '700',
      'text-decoration': 'underline line-through',
      'font-size': '21.33px',
      'line-height': '24px',
      color: '#111111',
      'background-color': '#ffff00',
      'text-indent': '2em',
    });
    expect(declarations['font-family']).toContain('SimSun');
  });

  it('scopes the stylesheet to one paper', () => {
    const css = buildPresetStylesheet('[data-wx-paper="a"]', DEFAULT_STYLE_PRESETS);
    expect(css.split('\n')).toHaveLength(9);
    expect(css).toContain('[data-wx-paper="a"] .wx-ed-h1{font-weight:700');
    expect(css).toContain('[data-wx-paper="a"] .wx-ed-th{');
  });

  it('keeps valid stored values and defaults the rest', () => {
    const presets = normalizeStylePresets({
      h1: { bold: false, color: 'red', fontSizePx: 40, fontFamily: 'nope' },
      paragraph: { lineHeightAdv: { kind: 'multiple', value: 0 } },
      bogus: {},
    });
    expect(presets.h1.bold).toBe(false);
    expect(presets.h1.fontSizePx).toBe(40);
    expect(presets.h1.color).toBe(DEFAULT_STYLE_PRESETS.h1.color);
    expect(presets.h1.fontFamily).toBe('heiti');
    expect(presets.paragraph.lineHeightAdv).toEqual(DEFAULT_STYLE_PRESETS.paragraph.lineHeightAdv);
    expect(normalizeStylePresets(null)).toEqual(DEFAULT_STYLE_PRESETS);
  });
});
