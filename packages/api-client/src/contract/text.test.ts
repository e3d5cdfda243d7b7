import { describe, expect, it } from 'vitest';
import { isStorableText, textProblem, unstorableText, unstorableTextPaths } from './text';

describe('text PostgreSQL can store', () => {
  it('refuses a NUL anywhere in a string, and nothing else', () => {
    expect(isStorableText('中文、emoji 😀 and \t\n controls \u0001')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\u0000')).toBe(false);
  });

  it('refuses half a surrogate pair, either half, and keeps whole pairs', () => {
    expect(textProblem('emoji 😀 𠀀')).toBeUndefined();
    for (const text of ['\ud800', 'a\ud83d', '\ude00b', '😀\ude00', '\ud83d\ud83d\ude00'])
      expect(textProblem(text)).toBe('lone_surrogate');
    expect(textProblem('\u0000\ud800')).toBe('nul');
    expect(unstorableText({ ok: '😀', bad: ['\udfff'], ['k\ud800']: 1 })).toEqual([
      { path: ['k\ud800'], problem: 'lone_surrogate' },
      { path: ['bad', 0], problem: 'lone_surrogate' },
    ]);
  });

  it('names every field holding one: nested, in lists, and keys', () => {
    expect(
      unstorableTextPaths({
        email: 'a\u0000@t.test',
        password: 'fine',
        prompt: { text: 'ok', 'k\u0000': 1 },
        list: ['x', ['y', 'z\u0000']],
        count: 3,
        none: null,
      }),
    ).toEqual([['email'], ['prompt', 'k\u0000'], ['list', 1, 1]]);
    expect(unstorableTextPaths('top\u0000')).toEqual([[]]);
    expect(unstorableTextPaths({ fine: ['a', { b: 'c' }] })).toEqual([]);
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    let body: unknown = 'deep\u0000';
    for (let level = 0; level < 200_000; level += 1) body = [body];
    const [path] = unstorableTextPaths(body);
    expect(path).toHaveLength(200_000);
  });
});
