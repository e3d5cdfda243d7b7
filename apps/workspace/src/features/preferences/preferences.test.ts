import { PREFERENCE_FONT_FAMILIES, DEFAULT_EDITOR_PREFERENCES as WIRE_DEFAULTS } from '@wanxiang/api-client';
import { DEFAULT_EDITOR_PREFERENCES, FONT_FAMILIES, FONT_SIZE_OPTIONS } from '@wanxiang/editor';
import { describe, expect, it } from 'vitest';
import { changesOf, fromWire } from './preferences';

describe('the preferences between the server and the editor', () => {
  it('offer the same fonts on both sides, and every size of the editor’s list is one the server takes', () => {
    expect([...PREFERENCE_FONT_FAMILIES]).toEqual(FONT_FAMILIES.map((family) => family.key));
    for (const size of FONT_SIZE_OPTIONS) {
      expect(size.px).toBeGreaterThanOrEqual(6.67);
      expect(size.px).toBeLessThanOrEqual(96);
      expect(Math.round(size.px * 100) / 100).toBe(size.px);
    }
  });

  it('have the same defaults', () => {
    expect(fromWire(WIRE_DEFAULTS)).toEqual(DEFAULT_EDITOR_PREFERENCES);
  });

  it('send only what changed', () => {
    const next = { ...DEFAULT_EDITOR_PREFERENCES, fontFamily: 'fangsong', autosave: false };
    expect(changesOf(DEFAULT_EDITOR_PREFERENCES, next)).toEqual({ font_family: 'fangsong', autosave: false });
    expect(changesOf(next, next)).toEqual({});
  });
});
