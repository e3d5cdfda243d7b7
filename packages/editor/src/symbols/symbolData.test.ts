import { describe, expect, it } from 'vitest';
import {
  codePointOf,
  MAX_RECENT_SYMBOLS,
  readRecentSymbols,
  rememberSymbol,
  SYMBOL_CATEGORIES,
  searchSymbols,
  symbolEntry,
} from './symbolData';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('the symbols', () => {
  it('has the six categories, with ①…⑳ in order', () => {
    expect(SYMBOL_CATEGORIES.map((c) => c.label)).toEqual([
      '中文标点',
      '带圈数字',
      '单位',
      '希腊字母',
      '数学',
      '箭头',
    ]);
    const circled = SYMBOL_CATEGORIES.find((c) => c.id === 'circled')?.symbols ?? [];
    expect(circled.map((s) => s.char).join('')).toBe('①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳');
    expect(circled[19]?.name).toBe('带圈数字二十 20');
    for (const category of SYMBOL_CATEGORIES)
      for (const symbol of category.symbols) {
        expect(symbol.char).not.toBe('');
        expect(symbol.name).not.toBe('');
      }
  });

  it('finds symbols by Chinese name, by the character, by the Latin name of a Greek letter and by code point', () => {
    expect(searchSymbols('摄氏度').map((s) => s.char)).toEqual(['℃']);
    expect(searchSymbols('书名号').map((s) => s.char)).toEqual(['《', '》', '〈', '〉']);
    expect(searchSymbols('→').map((s) => s.char)).toEqual(['→']);
    expect(searchSymbols('Alpha').map((s) => s.char)).toEqual(['α', 'Α']);
    expect(searchSymbols('U+2460').map((s) => s.char)).toEqual(['①']);
    expect(searchSymbols('  ')).toEqual([]);
    expect(searchSymbols('不存在')).toEqual([]);
  });

  it('names a symbol by its entry, or by its code point when it has none', () => {
    expect(symbolEntry('℃').name).toBe('摄氏度');
    expect(symbolEntry('☃')).toEqual({ char: '☃', name: 'U+2603' });
    expect(codePointOf('①')).toBe('U+2460');
  });
});

describe('the recent symbols', () => {
  it('keeps the newest first, each once, at most 20', () => {
    const storage = memoryStorage();
    rememberSymbol('①', storage);
    rememberSymbol('℃', storage);
    expect(rememberSymbol('①', storage)).toEqual(['①', '℃']);
    for (let i = 0; i < 30; i++) rememberSymbol(String.fromCodePoint(0x2460 + (i % 20)), storage);
    const recent = readRecentSymbols(storage);
    expect(recent).toHaveLength(MAX_RECENT_SYMBOLS);
    expect(recent[0]).toBe('⑩');
  });

  it('reads nothing from storage it cannot understand, and inserts even when storage refuses', () => {
    expect(readRecentSymbols(memoryStorage({ 'wx-editor-recent-symbols': '{oops' }))).toEqual([]);
    expect(readRecentSymbols(memoryStorage({ 'wx-editor-recent-symbols': '[1,"①",""]' }))).toEqual(['①']);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(rememberSymbol('①', refusing)).toEqual(['①']);
  });
});
