import { describe, expect, it } from 'vitest';
import {
  CONTENT_BOTTOM,
  Flow,
  headingsAwaiting,
  type Item,
  type Note,
  notesHeight,
  PAGE,
} from './pagination';

/** Items that record the page and y they are drawn at. */
function recorder() {
  let page = 1;
  const drawn: Array<{ name: string; page: number; y: number }> = [];
  const notesDrawn: Array<{ page: number; markers: string[] }> = [];
  const flow = new Flow({
    addPage: () => void page++,
    drawNotes: (notes) => void notesDrawn.push({ page, markers: notes.map((n) => n.marker) }),
  });
  const item = (name: string, height: number, extra: Partial<Item> = {}): Item => ({
    height,
    spaceBefore: 0,
    notes: [],
    ...extra,
    draw: (_x, y) => void drawn.push({ name, page, y }),
  });
  /** Places the items as the exporter does: each with the one after it. */
  const placeAll = (items: Item[]) => {
    for (const [i, it] of items.entries()) flow.place(it, items[i + 1]);
    flow.end();
  };
  return { drawn, notesDrawn, item, placeAll, flow };
}

const note = (marker: string, height: number): Note => ({ marker, lines: [], height });
const ROOM = CONTENT_BOTTOM - PAGE.top;

describe('Flow', () => {
  it('fills a page top to bottom and starts the next one when an item does not fit', () => {
    const { drawn, item, placeAll } = recorder();
    placeAll([item('a', ROOM / 2), item('b', ROOM / 2, { spaceBefore: 10 }), item('c', 100)]);
    expect(drawn).toEqual([
      { name: 'a', page: 1, y: PAGE.top },
      // The space before an item is dropped at the top of a page.
      { name: 'b', page: 2, y: PAGE.top },
      { name: 'c', page: 2, y: PAGE.top + ROOM / 2 },
    ]);
  });

  it('puts a heading on the next page with the line after it rather than alone at the foot', () => {
    const { drawn, item, placeAll } = recorder();
    placeAll([item('body', ROOM - 30), item('heading', 20, { keepWithNext: true }), item('text', 20)]);
    expect(drawn.map((d) => [d.name, d.page])).toEqual([
      ['body', 1],
      ['heading', 2],
      ['text', 2],
    ]);
  });

  it('keeps room at the foot for the footnotes of the page’s items, and draws them on that page', () => {
    const { drawn, notesDrawn, item, placeAll } = recorder();
    const withNote = item('marked', 20, { notes: [note('①', 40)] });
    // Without the note the next item would fit on page 1; the note's room pushes it over.
    placeAll([item('a', ROOM - 20 - 20 - notesHeight([note('①', 40)]) + 1), withNote, item('b', 20)]);
    expect(drawn.map((d) => [d.name, d.page])).toEqual([
      ['a', 1],
      ['marked', 1],
      ['b', 2],
    ]);
    expect(notesDrawn).toEqual([{ page: 1, markers: ['①'] }]);
  });

  it('draws a table’s header row again at the top of a page a row starts', () => {
    const { drawn, item, placeAll } = recorder();
    const header = item('header', 20);
    placeAll([header, item('filler', ROOM - 30), item('row', 20, { repeatAfterBreak: header })]);
    expect(drawn).toEqual([
      { name: 'header', page: 1, y: PAGE.top },
      { name: 'filler', page: 1, y: PAGE.top + 20 },
      { name: 'header', page: 2, y: PAGE.top },
      { name: 'row', page: 2, y: PAGE.top + 20 },
    ]);
  });

  it('leaves 段后 below an item, the larger of it and the next 段前, and none at the top of a page', () => {
    const { drawn, item, placeAll } = recorder();
    placeAll([
      item('a', 20, { spaceAfter: 30 }),
      item('b', 20, { spaceBefore: 10 }),
      item('c', 20, { spaceBefore: 40 }),
      item('d', ROOM - 150, { spaceAfter: 50 }),
      item('e', 20),
    ]);
    expect(drawn).toEqual([
      { name: 'a', page: 1, y: PAGE.top },
      { name: 'b', page: 1, y: PAGE.top + 50 },
      { name: 'c', page: 1, y: PAGE.top + 110 },
      { name: 'd', page: 1, y: PAGE.top + 130 },
      // d's 段后 would take e past the foot: e starts page 2 at its top, with no space above.
      { name: 'e', page: 2, y: PAGE.top },
    ]);
  });

  it('puts an item taller than a page on a page of its own instead of looping', () => {
    const { drawn, item, placeAll } = recorder();
    placeAll([item('a', 10), item('huge', ROOM * 2), item('b', 10)]);
    expect(drawn.map((d) => [d.name, d.page])).toEqual([
      ['a', 1],
      ['huge', 2],
      ['b', 3],
    ]);
  });

  it('moves a paragraph’s first line with its second, and its last but one with its last', () => {
    const { drawn, item, placeAll } = recorder();
    const lines = (name: string, count: number) => {
      const made = Array.from({ length: count }, (_, i) => item(`${name}${i}`, 20));
      if (count >= 2) {
        (made[0] as Item).keepsWith = made[1];
        (made[count - 2] as Item).keepsWith = made[count - 1];
      }
      return made;
    };
    // Room for one line under the filler: the four-line paragraph starts on the next page whole.
    placeAll([item('filler', ROOM - 30), ...lines('a', 4)]);
    expect(drawn.filter((d) => d.name.startsWith('a')).map((d) => d.page)).toEqual([2, 2, 2, 2]);
  });

  it('does not leave the last line of a paragraph alone at the top of a page', () => {
    const { drawn, item, placeAll } = recorder();
    const made = Array.from({ length: 4 }, (_, i) => item(`b${i}`, 20));
    (made[0] as Item).keepsWith = made[1];
    (made[2] as Item).keepsWith = made[3];
    // Room for three lines: the last but one goes over with the last.
    placeAll([item('filler', ROOM - 65), ...made]);
    expect(drawn.filter((d) => d.name.startsWith('b')).map((d) => d.page)).toEqual([1, 1, 2, 2]);
  });

  it('moves a heading over a heading to the next page with the text under both', () => {
    const { drawn, item, flow } = recorder();
    // Room for both headings under the filler, not for the line under them: all three go over.
    const items = [
      item('filler', ROOM - 50),
      item('h1', 20, { keepWithNext: true }),
      item('h2', 20, { keepWithNext: true }),
      item('text', 20),
    ];
    for (const [i, it] of items.entries()) flow.place(it, items[i + 1], items.slice(i + 2));
    flow.end();
    expect(drawn.map((d) => [d.name, d.page])).toEqual([
      ['filler', 1],
      ['h1', 2],
      ['h2', 2],
      ['text', 2],
    ]);
    // The exporter holds the first heading back until what follows the second is laid out.
    expect(headingsAwaiting(items.slice(0, 3))).toBe(1);
  });
});
