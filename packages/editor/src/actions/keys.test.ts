import { describe, expect, it } from 'vitest';
import { matchesKeys, parseKeys } from './keys';

const press = (key: string, extra: Partial<KeyboardEvent> = {}) =>
  ({
    ctrlKey: true,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    key,
    code: '',
    ...extra,
  }) as KeyboardEvent;

describe('key bindings of the actions table', () => {
  it('matches Ctrl or ⌘ with the key, never with Shift', () => {
    const link = parseKeys('Ctrl+K');
    expect(matchesKeys(press('k'), link)).toBe(true);
    expect(matchesKeys(press('K', { ctrlKey: false, metaKey: true }), link)).toBe(true);
    expect(matchesKeys(press('k', { shiftKey: true }), link)).toBe(false);
    expect(matchesKeys(press('k', { ctrlKey: false }), link)).toBe(false);
    expect(matchesKeys(press('k', { altKey: true }), link)).toBe(false);
  });

  it('matches Alt bindings by the physical key, as macOS types ƒ for ⌥F', () => {
    const footnote = parseKeys('Ctrl+Alt+F');
    expect(matchesKeys(press('ƒ', { altKey: true, code: 'KeyF' }), footnote)).toBe(true);
    expect(matchesKeys(press('f'), footnote)).toBe(false);
  });

  it("matches a Shift binding only with Shift held (Word's Ctrl+Shift+L for a bulleted list)", () => {
    const bullets = parseKeys('Ctrl+Shift+L');
    expect(matchesKeys(press('L', { shiftKey: true }), bullets)).toBe(true);
    expect(matchesKeys(press('l'), bullets)).toBe(false);
  });

  it("matches Word's Alt+= (a new formula) without Ctrl, by the physical key on macOS", () => {
    const formula = parseKeys('Alt+=');
    expect(matchesKeys(press('=', { ctrlKey: false, altKey: true }), formula)).toBe(true);
    expect(matchesKeys(press('≠', { ctrlKey: false, altKey: true, code: 'Equal' }), formula)).toBe(true);
    expect(matchesKeys(press('=', { altKey: true }), formula)).toBe(false);
    expect(matchesKeys(press('=', { ctrlKey: false }), formula)).toBe(false);
  });

  it('reads a backslash key', () => {
    expect(matchesKeys(press('\\'), parseKeys('Ctrl+\\'))).toBe(true);
  });
});
