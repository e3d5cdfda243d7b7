import { describe, expect, it } from 'vitest';
import { createFootnoteId, footnoteMarker, numberFootnotes } from './numbering';

describe('footnoteMarker', () => {
  it('uses circled digits from 1 to 20', () => {
    expect(footnoteMarker(1)).toBe('①');
    expect(footnoteMarker(10)).toBe('⑩');
    expect(footnoteMarker(20)).toBe('⑳');
  });
  it('uses [n] beyond 20', () => {
    expect(footnoteMarker(21)).toBe('[21]');
    expect(footnoteMarker(105)).toBe('[105]');
  });
});

describe('numberFootnotes', () => {
  it('numbers by vertical position, not by insertion', () => {
    const numbers = numberFootnotes([
      { id: 'fn-c', top: 300, order: 2 },
      { id: 'fn-a', top: 20, order: 0 },
      { id: 'fn-b', top: 120, order: 1 },
    ]);
    expect([...numbers]).toEqual([
      ['fn-a', 1],
      ['fn-b', 2],
      ['fn-c', 3],
    ]);
  });
  it('breaks ties on one line by document order', () => {
    const numbers = numberFootnotes([
      { id: 'right', top: 40.4, order: 1 },
      { id: 'left', top: 40, order: 0 },
    ]);
    expect(numbers.get('left')).toBe(1);
    expect(numbers.get('right')).toBe(2);
  });
});

it('creates ids with the fn- prefix', () => {
  expect(createFootnoteId()).toMatch(/^fn-[0-9a-f-]{36}$/);
});
