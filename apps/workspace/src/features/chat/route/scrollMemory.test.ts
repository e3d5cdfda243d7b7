import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readScrollPlace, writeScrollPlace } from './scrollMemory';

describe('scroll memory', () => {
  beforeEach(() => {
    // The tests run in Node: a Map stands in for the tab's sessionStorage.
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });

  it('keeps the place of each chat apart', () => {
    writeScrollPlace('a', { index: 4, offset: 20 });
    writeScrollPlace('b', { index: 1, offset: 0 });
    expect(readScrollPlace('a')).toEqual({ index: 4, offset: 20 });
    expect(readScrollPlace('b')).toEqual({ index: 1, offset: 0 });
  });

  it('forgets the place when the reader is back at the end', () => {
    writeScrollPlace('a', { index: 4, offset: 20 });
    writeScrollPlace('a', null);
    expect(readScrollPlace('a')).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('wanxiang.chat.scroll.a', '{not json');
    expect(readScrollPlace('a')).toBeNull();
    sessionStorage.setItem('wanxiang.chat.scroll.a', '{"index":-1,"offset":0}');
    expect(readScrollPlace('a')).toBeNull();
  });
});
