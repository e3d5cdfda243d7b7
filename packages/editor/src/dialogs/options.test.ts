import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES } from '../format/units';
import { t } from '../i18n/zh-CN';
import { FONT_FAMILY_OPTIONS, LENGTH_UNIT_OPTIONS, parseNumber, UNCHANGED, withUnchanged } from './options';

describe('parseNumber', () => {
  const positive = (n: number) => n > 0;

  it('reads a number the check accepts', () => {
    expect(parseNumber('1.5', positive)).toBe(1.5);
    expect(parseNumber(' 18 ', positive)).toBe(18);
    expect(parseNumber('1.', positive)).toBe(1);
    expect(parseNumber('0', (n) => n >= 0)).toBe(0);
  });

  it('refuses empty text, text that is not a number, and numbers out of range', () => {
    expect(parseNumber('', (n) => n >= 0)).toBeNull();
    expect(parseNumber('   ', (n) => n >= 0)).toBeNull();
    expect(parseNumber('abc', positive)).toBeNull();
    expect(parseNumber('Infinity', positive)).toBeNull();
    expect(parseNumber('0', positive)).toBeNull();
    expect(parseNumber('-1', (n) => n >= 0)).toBeNull();
  });
});

describe('picker options', () => {
  it('puts 不变 first', () => {
    expect(withUnchanged(LENGTH_UNIT_OPTIONS)).toEqual([
      { id: UNCHANGED, label: t.dialogs.unchanged },
      { id: 'pt', label: 'pt' },
      { id: 'mm', label: 'mm' },
      { id: 'px', label: 'px' },
    ]);
  });

  it('offers the default family, then every family of the font menu', () => {
    expect(FONT_FAMILY_OPTIONS[0]).toEqual({ id: 'default', label: t.font.defaultFamily });
    expect(FONT_FAMILY_OPTIONS.slice(1).map((o) => o.id)).toEqual(FONT_FAMILIES.map((f) => f.key));
  });
});
