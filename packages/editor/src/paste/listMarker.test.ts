import { describe, expect, it } from 'vitest';
import { hasListMarker, stripListMarker } from './listMarker';

describe('stripListMarker', () => {
  it('removes bullets and numbers typed in front of list text', () => {
    for (const [input, output] of [
      ['• 第一项', '第一项'],
      ['- item', 'item'],
      ['1. 开始', '开始'],
      ['2、 继续', '继续'],
      ['（3）结束', '结束'],
      ['(4) end', 'end'],
      ['⑤ 圈号', '圈号'],
      ['a) 字母', '字母'],
    ]) {
      expect(stripListMarker(input as string), input).toBe(output);
    }
  });
  it('leaves ordinary text alone', () => {
    expect(stripListMarker('2026 年计划')).toBe('2026 年计划');
    expect(stripListMarker('普通文本')).toBe('普通文本');
  });
});

describe('hasListMarker', () => {
  it('tells list text from ordinary text', () => {
    expect(hasListMarker('1. 开始\n2. 继续')).toBe(true);
    expect(hasListMarker('（3）结束')).toBe(true);
    expect(hasListMarker('2026 年计划')).toBe(false);
  });
});
