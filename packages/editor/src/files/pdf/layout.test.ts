import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_PRESETS } from '../../styles/presets';
import type { Block, Run } from './blocks';
import { ALL_FONTS, fakeDoc } from './fakeDoc';
import { Layout } from './layout';
import { Painter } from './painter';
import { baseStyle } from './styles';

const paragraph = (runs: Run[], over: Partial<Block> = {}): Block =>
  ({ kind: 'paragraph', runs, align: 'left', indent: 0, firstLineEm: 0, lineHeight: 0, ...over }) as Block;

function layoutWith() {
  const fake = fakeDoc();
  const layout = new Layout(new Painter(fake.doc, ALL_FONTS), DEFAULT_STYLE_PRESETS);
  return { fake, layout };
}

describe('Layout', () => {
  it('breaks a paragraph into lines of the width, each line one item at the preset’s line height', () => {
    const { layout } = layoutWith();
    // Twelve-point ideographs, one em each: ten to a 120 pt line.
    const items = layout.blockItems(paragraph([{ text: '一'.repeat(25) }]), 120);
    expect(items.map((i) => i.height)).toEqual([18, 18, 18]);
    // The editor's paragraph margins: none above, 0.6 em below the last line.
    expect(items.map((i) => i.spaceBefore)).toEqual([0, 0, 0]);
    expect(items.map((i) => i.spaceAfter)).toEqual([undefined, undefined, 7.199999999999999]);
    // Widow and orphan control: the first line keeps with the second, the last but one with the last.
    expect(items.map((i) => i.keepsWith && items.indexOf(i.keepsWith))).toEqual([1, 2, undefined]);
  });

  it('numbers footnotes in the order they are laid out, and gives each to the line of its marker', () => {
    const { layout, fake } = layoutWith();
    const first = layout.blockItems(paragraph([{ text: '甲' }, { text: '', footnote: '注一' }]), 400);
    const second = layout.blockItems(paragraph([{ text: '乙' }, { text: '', footnote: '注二' }]), 400);
    expect(first[0]?.notes.map((n) => n.marker)).toEqual(['①']);
    expect(second[0]?.notes.map((n) => n.marker)).toEqual(['②']);
    second[0]?.draw(0, 0);
    expect(fake.texts().map((t) => t.text)).toEqual(['乙', '②']);
  });

  it('keeps a heading’s last line with what follows', () => {
    const { layout } = layoutWith();
    const heading = { ...paragraph([{ text: '标题' }]), kind: 'heading', level: 1 } as Block;
    const items = layout.blockItems(heading, 400);
    expect(items.at(-1)?.keepWithNext).toBe(true);
  });

  it('writes a list item’s marker in the margin before its first line', () => {
    const { layout, fake } = layoutWith();
    const item: Block = {
      kind: 'listitem',
      runs: [{ text: '要点' }],
      marker: '•',
      depth: 0,
      align: 'left',
      lineHeight: 0,
    };
    for (const it of layout.blockItems(item, 400)) it.draw(0, 0);
    expect(fake.texts().map((t) => [t.text, t.x])).toEqual([
      ['•', 6],
      ['要点', 24],
    ]);
  });

  it('shows a picture it cannot embed as its description in a frame', () => {
    const { layout, fake } = layoutWith();
    const [item] = layout.blockItems(
      { kind: 'image', src: 'https://example.com/a.gif', altText: '图一' },
      300,
    );
    item?.draw(0, 0);
    expect(fake.calls.some((c) => c[0] === 'dash')).toBe(true);
    expect(
      fake
        .texts()
        .map((t) => t.text)
        .join(''),
    ).toContain('图一');
  });

  it('lays out a table row by row, as tall as its tallest cell', () => {
    const { layout } = layoutWith();
    const cell = (text: string) => ({
      blocks: [paragraph([{ text }])],
      header: false,
      colSpan: 1,
      rowSpan: 1,
    });
    const items = layout.blockItems({ kind: 'table', rows: [[cell('短'), cell('长'.repeat(30))]] }, 208);
    // Two columns of 104 pt less 8 pt of padding: 9 characters of 10.5 pt (the body cells' 14 px) a line,
    // 4 lines at the preset's 1.15, plus the padding.
    expect(items).toHaveLength(1);
    expect(items[0]?.height).toBeCloseTo(4 * 10.5 * 1.15 + 8);
  });

  it('draws code on a grey ground, padded above its first line and below its last', () => {
    const { layout } = layoutWith();
    const items = layout.blockItems({ kind: 'code', lines: ['a', 'b'] }, 300);
    const line = baseStyle(10.5).size * 1.5;
    expect(items.map((i) => i.height)).toEqual([line + 8, line + 8]);
  });
});
