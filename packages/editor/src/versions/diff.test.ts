import { describe, expect, it } from 'vitest';
import { changeSize, diffParagraphs, paragraphsOf } from './diff';

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });

describe('the version diff', () => {
  it('reads paragraphs, list items and table cells in order', () => {
    const content = {
      version: '2.0.0' as const,
      editorState: {
        root: {
          type: 'root',
          children: [
            { type: 'heading', children: [{ type: 'text', text: '标题' }] },
            {
              type: 'list',
              children: [
                { type: 'listitem', children: [{ type: 'text', text: '第一项' }] },
                {
                  type: 'listitem',
                  children: [
                    {
                      type: 'list',
                      children: [{ type: 'listitem', children: [{ type: 'text', text: '子项' }] }],
                    },
                  ],
                },
              ],
            },
            {
              type: 'table',
              children: [
                { type: 'tablerow', children: [{ type: 'tablecell', children: [paragraph('单元格')] }] },
              ],
            },
            {
              type: 'paragraph',
              children: [
                { type: 'text', text: '一行' },
                { type: 'linebreak' },
                { type: 'link', children: [{ type: 'text', text: '链接' }] },
              ],
            },
          ],
        },
      },
    };
    expect(paragraphsOf(content as never)).toEqual(['标题', '第一项', '', '子项', '单元格', '一行\n链接']);
    expect(paragraphsOf({ editorState: null })).toEqual([]);
  });

  it('marks added and removed paragraphs, and what changed inside a paragraph', () => {
    const before = ['春天来了。', '小草发芽了。', '天气很好。'];
    const after = ['春天来了。', '小草从地里钻出来了。', '天气很好。', '我们去郊游。'];
    const rows = diffParagraphs(before, after);
    expect(rows[0]).toEqual({ kind: 'same', text: '春天来了。' });
    expect(rows[1]?.kind).toBe('changed');
    const parts = rows[1]?.kind === 'changed' ? rows[1].parts : [];
    // The words kept, deleted and inserted rebuild both versions of the paragraph.
    expect(
      parts
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe('小草发芽了。');
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('小草从地里钻出来了。');
    expect(parts.some((p) => p.kind === 'same' && p.text.includes('小草'))).toBe(true);
    expect(rows.slice(2)).toEqual([
      { kind: 'same', text: '天气很好。' },
      { kind: 'added', text: '我们去郊游。' },
    ]);
    expect(diffParagraphs(['甲', '乙'], ['甲'])).toEqual([
      { kind: 'same', text: '甲' },
      { kind: 'removed', text: '乙' },
    ]);
  });

  it('counts the characters inserted and deleted', () => {
    const rows = diffParagraphs(['第一段', '删掉的'], ['第一段', '新写的一段', '又一段']);
    const size = changeSize(rows);
    expect(size.removed).toBeGreaterThan(0);
    expect(size.added).toBeGreaterThanOrEqual(3);
    expect(changeSize(diffParagraphs(['同样'], ['同样']))).toEqual({ added: 0, removed: 0 });
  });
});
