import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { editorState, footnoteNode, headingNode, paragraphNode, textNode } from '../convert/nodes';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { contentRects } from './pageLayout';

/**
 * 页面视图's footnotes: each note at the foot of the sheet its marker is on, under a short rule, the text of
 * that sheet ending above them, as the PDF export and Word set them.
 */
const meta = {
  title: 'PageView/Footnotes',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const SENTENCE = '脚注放在它的标记所在那一页的页脚，正文在这一页的脚注上方结束。';

/** About four sheets of paragraphs, every third with a footnote, some notes of several lines. */
function notedDocument() {
  const blocks = [headingNode(1, [textNode('页脚的注释')])];
  for (let i = 0; i < 30; i += 1) {
    const text = textNode(`${i + 1}. ${SENTENCE.repeat(2 + ((i * 7) % 6))}`);
    if (i % 3 !== 1) {
      blocks.push(paragraphNode([text]));
      continue;
    }
    const note = `第 ${(i + 2) / 3} 条注释：${'注释的文字，'.repeat(i % 2 === 0 ? 2 : 14)}完。`;
    blocks.push(paragraphNode([text, footnoteNode(`fn-foot-${i}`, note), textNode('后面还有一句。')]));
  }
  return { version: '2.0.0', editorState: editorState(blocks) } as const;
}

const paperOf = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-wx-paper]') as HTMLElement;

/** Each footnote against its marker's sheet: the sheet of each, and the text lines that reach into notes. */
function notesOnTheirSheets(paper: HTMLElement) {
  const sheets = Array.from(paper.querySelectorAll<HTMLElement>('[data-wx-sheets] > div')).map((sheet) =>
    sheet.getBoundingClientRect(),
  );
  const sheetOf = (y: number) => sheets.findIndex((rect) => y >= rect.top && y <= rect.bottom);
  const root = paper.querySelector('[data-lexical-editor]') as HTMLElement;
  const section = paper.querySelector('[data-notes-kind="footnote"]') as HTMLElement;
  const misplaced: string[] = [];
  /** The top of the highest note on each sheet. */
  const notesTop = new Map<number, number>();
  for (const marker of Array.from(root.querySelectorAll<HTMLElement>('[data-footnote-id]'))) {
    const id = marker.dataset.footnoteId ?? '';
    const note = section.querySelector<HTMLElement>(`[data-note-id="${id}"]`);
    if (!note) {
      misplaced.push(`${id}: no note`);
      continue;
    }
    const box = note.getBoundingClientRect();
    const sheet = sheetOf(marker.getBoundingClientRect().top);
    if (sheetOf(box.top) !== sheet || sheetOf(box.bottom) !== sheet)
      misplaced.push(`${id}: marker on sheet ${sheet + 1}, note at ${Math.round(box.top)}`);
    notesTop.set(sheet, Math.min(notesTop.get(sheet) ?? Number.POSITIVE_INFINITY, box.top));
  }
  // No line of text reaches into the room of its sheet's notes.
  const overlapping: string[] = [];
  for (const rect of contentRects(root)) {
    if (rect.height < 4) continue;
    const top = notesTop.get(sheetOf(rect.top));
    if (top !== undefined && rect.bottom > top) overlapping.push(`${Math.round(rect.top)}`);
  }
  return { notes: notesTop.size, misplaced, overlapping };
}

export const AtTheFootOfTheirSheets: Story = {
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="page-view-footnotes"
        initialTitle="页脚的注释"
        initialContent={notedDocument()}
        initialView="page"
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    const paper = paperOf(canvasElement);
    await waitFor(() => expect(paper).toHaveAttribute('data-wx-page-view'));
    // Every note stands at the foot of its marker's sheet, and the text there ends above the notes.
    await waitFor(() => {
      const placed = notesOnTheirSheets(paper);
      expect(placed.notes).toBeGreaterThanOrEqual(3);
      expect(placed.misplaced).toEqual([]);
      expect(placed.overlapping).toEqual([]);
    });

    // A note that grows as it is typed in takes more room: the text of its sheet makes way at once.
    const box = canvas.getByRole('textbox', { name: t.footnote.label('①') });
    await userEvent.click(box);
    await userEvent.keyboard('{End}再加上很长的一段补充说明，让这条注释占据好几行的位置。'.repeat(1));
    await userEvent.keyboard('补充说明继续写下去，注释变得更高，正文随之让出空间。'.repeat(3));
    await waitFor(() => expect(box.getBoundingClientRect().height).toBeGreaterThan(40));
    await waitFor(() => {
      const placed = notesOnTheirSheets(paper);
      expect(placed.misplaced).toEqual([]);
      expect(placed.overlapping).toEqual([]);
    });
  },
};
