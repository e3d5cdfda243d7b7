import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks every occurrence, in any case', () => {
    expect(highlightParts('Array and array', 'ARRAY')).toEqual([
      { text: 'Array', isMatch: true },
      { text: ' and ', isMatch: false },
      { text: 'array', isMatch: true },
    ]);
  });

  it('marks part of a Chinese word', () => {
    expect(highlightParts('关于秋天落叶的诗', '秋天落')).toEqual([
      { text: '关于', isMatch: false },
      { text: '秋天落', isMatch: true },
      { text: '叶的诗', isMatch: false },
    ]);
  });

  it('gives the text whole without a query or a match', () => {
    expect(highlightParts('你好', '')).toEqual([{ text: '你好', isMatch: false }]);
    expect(highlightParts('你好', '再见')).toEqual([{ text: '你好', isMatch: false }]);
  });
});
