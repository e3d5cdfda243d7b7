import { describe, expect, it } from 'vitest';
import { shiftHeadings } from './headings';

const heading = (level: number) => ({
  type: 'element',
  tagName: `h${level}`,
  properties: {},
  children: [{ type: 'text' }],
});

describe('an answer’s headings', () => {
  it('sit one level under the page’s h1, never skipping, capped at h6, keeping their size by a class', () => {
    const tree = { type: 'root', children: [1, 2, 3, 4, 5, 6].map(heading) };
    shiftHeadings(tree);
    expect(tree.children.map((h) => [h.tagName, h.properties])).toEqual([
      ['h2', { className: ['md-h1'] }],
      ['h3', { className: ['md-h2'] }],
      ['h4', { className: ['md-h3'] }],
      ['h5', { className: ['md-h4'] }],
      ['h6', { className: ['md-h5'] }],
      ['h6', { className: ['md-h6'] }],
    ]);
  });

  it('keeps a class already there and leaves other elements alone', () => {
    const h = { type: 'element', tagName: 'h2', properties: { className: ['x'] } };
    const p = { type: 'element', tagName: 'p', properties: {} };
    shiftHeadings({ type: 'root', children: [h, p] }, 3);
    expect(h).toEqual({ type: 'element', tagName: 'h4', properties: { className: ['x', 'md-h2'] } });
    expect(p).toEqual({ type: 'element', tagName: 'p', properties: {} });
  });
});
