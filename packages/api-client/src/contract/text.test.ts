import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPaths } from './text';

describe('text PostgreSQL can store', () => {
  it('refuses a NUL anywhere in a string, and nothing else', () => {
    expect(isStorableText('中文、emoji 😀 and \t\n controls \u0001')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\u0000')).toBe(false);
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
