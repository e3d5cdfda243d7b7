import type { Meta, StoryObj } from '@storybook/react-vite';
import { $getNearestNodeFromDOMNode, type LexicalEditor } from 'lexical';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  editorState,
  headingNode,
  paragraphNode,
  tableCellNode,
  tableNode,
  tableRowNode,
  textNode,
} from '../convert/nodes';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';

/**
 * 页面视图 with a long table: it is cut between its rows where a sheet ends, and its header row is drawn
 * again at the top of each sheet it goes on to (标题行重复), as Word does and the PDF export does.
 */
const meta = {
  title: 'PageView/TableAcrossSheets',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const HEADER = ['序号', '项目', '金额'];

/** Some text, then a table of a header row and 80 rows (every seventh two lines tall), then more text. */
function tableDocument() {
  const rows = [tableRowNode(HEADER.map((text) => tableCellNode([paragraphNode([textNode(text)])], true)))];
  for (let r = 1; r <= 80; r += 1) {
    const item =
      r % 7 === 0 ? `第 ${r} 项：这一项的说明比较长，在表格的这一列里折成两行显示。` : `第 ${r} 项`;
    rows.push(
      tableRowNode([
        tableCellNode([paragraphNode([textNode(String(r))])], false),
        tableCellNode([paragraphNode([textNode(item)])], false),
        tableCellNode([paragraphNode([textNode(`${r * 100}.00`)])], false),
      ]),
    );
  }
  return {
    version: '2.0.0',
    editorState: editorState([
      headingNode(2, [textNode('费用明细')]),
      ...Array.from({ length: 4 }, (_, n) =>
        paragraphNode([
          textNode(`${n + 1}. 表格之前的正文，把表格推到第一页的中间，表格在页脚处断开。`.repeat(3)),
        ]),
      ),
      tableNode(rows, [120, 300, 180]),
      paragraphNode([textNode('表格之后的正文。')]),
    ]),
  } as const;
}

const paperOf = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-wx-paper]') as HTMLElement;

/** The sheets' text areas, top to bottom, in the viewport's pixels. */
function textAreas(paper: HTMLElement) {
  const style = getComputedStyle(paper);
  const top = Number.parseFloat(style.paddingTop);
  const bottom = Number.parseFloat(style.paddingBottom);
  return Array.from(paper.querySelectorAll<HTMLElement>('[data-wx-sheets] > div'), (sheet) => {
    const rect = sheet.getBoundingClientRect();
    return { top: rect.top + top, bottom: rect.bottom - bottom };
  });
}

/**
 * Each row of the document's table with the text area it stands in (-1: none, it straddles a foot). A row
 * that goes on to a sheet opens the gap above its cells' content: what it shows starts below the gap.
 */
function rowPlaces(paper: HTMLElement) {
  const areas = textAreas(paper);
  const table = paper.querySelector('[data-lexical-editor] > table') as HTMLTableElement;
  return Array.from(table.rows, (row) => {
    const rect = row.getBoundingClientRect();
    const gap = Number.parseFloat(row.style.getPropertyValue('--wx-page-cut-h')) || 0;
    const top = rect.top + gap;
    return areas.findIndex((area) => top >= area.top - 1.5 && rect.bottom <= area.bottom + 1.5);
  });
}

/** The rows that stand in no text area, where they are, and the text areas: empty when all is well. */
function straddling(paper: HTMLElement) {
  const table = paper.querySelector('[data-lexical-editor] > table') as HTMLTableElement;
  const places = rowPlaces(paper);
  const out = Array.from(table.rows, (row, i) => {
    const rect = row.getBoundingClientRect();
    const gap = row.style.getPropertyValue('--wx-page-cut-h');
    return `row ${i}: ${Math.round(rect.top)}–${Math.round(rect.bottom)} gap ${gap || 0}`;
  }).filter((_, i) => places[i] === -1);
  if (out.length === 0) return [];
  const areas = textAreas(paper).map((area) => `${Math.round(area.top)}–${Math.round(area.bottom)}`);
  return [...out, `areas ${areas.join(' ')}`];
}

/** The first row (by index, the header being 0) that stands on each sheet. */
const firstRowOnSheets = (places: number[]) =>
  Array.from(new Set(places)).map((sheet) => places.indexOf(sheet));

/** Puts the caret at the end of a cell's text. */
function caretInCell(editor: LexicalEditor, cell: Element) {
  const text = cell.querySelector('[data-lexical-text]') as Element;
  editor.update(() => {
    $getNearestNodeFromDOMNode(text)?.selectEnd();
  });
}

let lexical: LexicalEditor | undefined;

export const LongTable: Story = {
  // The cut stands far below the screenshot's view: the play function looks at it.
  tags: ['!vrt'],
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="page-view-table"
        initialTitle="长表格"
        initialContent={tableDocument()}
        initialView="page"
        onEditorReady={(editor) => {
          lexical = editor;
        }}
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    await waitFor(() => expect(paperOf(canvasElement)).toHaveAttribute('data-wx-page-view'));
    const paper = paperOf(canvasElement);
    const root = paper.querySelector('[data-lexical-editor]') as HTMLElement;
    const table = root.querySelector(':scope > table') as HTMLTableElement;

    // The table spans three sheets or more, every row inside one sheet's text area, none over a foot.
    await waitFor(() => {
      const places = rowPlaces(paper);
      expect(straddling(paper)).toEqual([]);
      expect(new Set(places).size).toBeGreaterThanOrEqual(3);
    });
    // It is still one table of 81 rows for the editor: the cut added nothing to it.
    await expect(root.querySelectorAll('table')).toHaveLength(1);
    await expect(table.rows).toHaveLength(81);

    // The header row stands again at the top of sheet 2, over the rows that continue there: a picture of
    // it, outside the document, hidden from assistive technology, not to be selected or edited.
    const copyOn = (sheet: number) => {
      const area = textAreas(paper)[sheet] as { top: number };
      return Array.from(paper.querySelectorAll<HTMLElement>('[data-wx-page-repeats] > table')).find(
        (copy) => Math.abs(copy.getBoundingClientRect().top - area.top) < 1.5,
      );
    };
    await waitFor(() => expect(copyOn(1)).toBeDefined());
    const copy = copyOn(1) as HTMLElement;
    await expect(copy.textContent).toBe(HEADER.join(''));
    await expect(root.contains(copy)).toBe(false);
    await expect(copy.closest('[aria-hidden="true"]')).not.toBeNull();
    await expect(getComputedStyle(copy).userSelect).toBe('none');
    await expect(copy.querySelector('[data-lexical-text], [id]')).toBeNull();
    // Its cells line up with the table's columns.
    const headerCells = Array.from(table.rows[0]?.cells ?? []);
    Array.from(copy.querySelectorAll('th')).forEach((cell, n) => {
      const own = (headerCells[n] as Element).getBoundingClientRect();
      const drawn = cell.getBoundingClientRect();
      expect(Math.abs(drawn.left - own.left)).toBeLessThan(1.5);
      expect(Math.abs(drawn.width - own.width)).toBeLessThan(1.5);
    });
    // The first row of sheet 2 stands right under the copy.
    const before = firstRowOnSheets(rowPlaces(paper));
    const firstOnTwo = table.rows[before[1] as number] as HTMLTableRowElement;
    await expect(firstOnTwo).toHaveAttribute('data-wx-page-cut');
    const textTop = (firstOnTwo.querySelector('[data-lexical-text]') as Element).getBoundingClientRect().top;
    await expect(textTop).toBeGreaterThan(copy.getBoundingClientRect().bottom - 1);
    // One copy per cut, and a cut row for each.
    await expect(paper.querySelectorAll('[data-wx-page-repeats] > table')).toHaveLength(
      table.querySelectorAll('tr[data-wx-page-cut]').length,
    );

    // Typing lines into a cell on sheet 1 lays the table out again: rows go over to sheet 2 sooner.
    await userEvent.click(editor);
    caretInCell(lexical as LexicalEditor, table.rows[2]?.cells[1] as Element);
    await userEvent.keyboard('{Enter}多出的一行{Enter}又一行{Enter}再一行');
    await waitFor(() => expect(table.rows[2]?.textContent).toContain('再一行'));
    await waitFor(() => {
      const places = rowPlaces(paper);
      expect(straddling(paper)).toEqual([]);
      expect(firstRowOnSheets(places)[1]).toBeLessThan(before[1] as number);
      expect(copyOn(1)).toBeDefined();
    });

    // The copy follows the header's text.
    caretInCell(lexical as LexicalEditor, table.rows[0]?.cells[2] as Element);
    await userEvent.keyboard('（元）');
    await waitFor(() => expect(copyOn(1)?.textContent).toBe('序号项目金额（元）'));

    // Select all takes the document's text, never the copies.
    await userEvent.keyboard('{Control>}a{/Control}');
    await waitFor(() => expect(document.getSelection()?.containsNode(root, true)).toBe(true));
    await expect(document.getSelection()?.containsNode(copyOn(1) as Node, true)).toBe(false);
    await expect(document.getSelection()?.toString()).not.toContain('序号项目金额（元）序号');
  },
};

/** A table without a header row: a rule closes each sheet's part of it at the top of the next. */
export const LongTableWithoutHeader: Story = {
  tags: ['!vrt'],
  render: () => {
    const rows = Array.from({ length: 70 }, (_, r) =>
      tableRowNode(
        [1, 2].map((c) => tableCellNode([paragraphNode([textNode(`第 ${r + 1} 行 第 ${c} 列`)])], false)),
      ),
    );
    return (
      <div style={{ height: '100vh' }}>
        <WordEditor
          documentId="page-view-table-plain"
          initialTitle="无标题行"
          initialContent={{ version: '2.0.0', editorState: editorState([tableNode(rows)]) }}
          initialView="page"
          onSave={async () => {}}
          saveDelayMs={50}
        />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    await waitFor(() => expect(paperOf(canvasElement)).toHaveAttribute('data-wx-page-view'));
    const paper = paperOf(canvasElement);
    await waitFor(() => {
      const places = rowPlaces(paper);
      expect(straddling(paper)).toEqual([]);
      expect(new Set(places).size).toBeGreaterThanOrEqual(2);
    });
    // No copy of a first row that is not a header; a rule at the top of each sheet the table goes on to.
    await expect(paper.querySelector('[data-wx-page-repeats] > table')).toBeNull();
    const rules = Array.from(
      paper.querySelectorAll<HTMLElement>('[data-wx-page-repeats] > [data-wx-page-rule]'),
    );
    await expect(rules.length).toBe(new Set(rowPlaces(paper)).size - 1);
    const area = textAreas(paper)[1] as { top: number };
    await expect(Math.abs((rules[0] as HTMLElement).getBoundingClientRect().top - area.top)).toBeLessThan(
      1.5,
    );

    // 连续视图 needs no cuts: leaving the page view takes every one away, and the layer with the rules.
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
    await userEvent.click(
      await within(document.body).findByRole('menuitemradio', { name: t.view.continuous }),
    );
    await waitFor(() => expect(paper).not.toHaveAttribute('data-wx-page-view'));
    await expect(paper.querySelector('[data-wx-page-cut]')).toBeNull();
    await expect(paper.querySelector('[data-wx-page-repeats]')).toBeNull();
    await expect(paper.querySelector('tr[style*="--wx-page-cut-h"]')).toBeNull();
  },
};
