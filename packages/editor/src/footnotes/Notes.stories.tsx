import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { editorState, footnoteNode, paragraphNode, textNode } from '../convert/nodes';
import type { DocumentContent } from '../documents/types';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';

/** 尾注 and 脚注和尾注: endnotes at the end of the document, number styles, converting notes. */
const meta = {
  title: 'Notes',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

const editorWith = (content: DocumentContent) => () => (
  <div style={{ height: '100vh' }}>
    <WordEditor
      documentId="notes"
      initialTitle="注释"
      initialContent={content}
      onSave={async () => {}}
      saveDelayMs={50}
    />
  </div>
);

const blank: DocumentContent = { version: '2.0.0', editorState: null };

/** Two footnotes and an endnote in a short text. */
const noted: DocumentContent = {
  version: '2.0.0',
  editorState: editorState([
    paragraphNode([
      textNode('春江潮水连海平'),
      footnoteNode('fn-story-1', '出自《春江花月夜》'),
      textNode('，海上明月共潮生'),
      footnoteNode('fn-story-2', '张若虚作'),
      textNode('。'),
      footnoteNode('fn-story-3', '唐诗选本多收此篇', 'endnote'),
    ]),
  ]),
} as unknown as DocumentContent;

const openMenuItem = async (canvasElement: HTMLElement, name: string) => {
  await userEvent.click(await within(canvasElement).findByRole('menuitem', { name: t.menus.insert }));
  // The item's name ends with its shortcut (尾注 Ctrl+Alt+D).
  const item = await body().findByRole('menuitem', { name: new RegExp(`^${name}`) });
  await expect(item).not.toHaveAttribute('aria-disabled');
  await userEvent.click(item);
};

const pick = async (dialog: HTMLElement, label: string, option: string) => {
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(await body().findByRole('option', { name: option }));
};

export const InsertEndnote: Story = {
  // The blank editor is screenshotted by WordEditor's stories already.
  tags: ['!vrt'],
  render: editorWith(blank),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    await userEvent.click(editor);
    await userEvent.keyboard('正文的一句话');
    await openMenuItem(canvasElement, t.notes.insertEndnote);
    // The endnote's box, under the 尾注 heading, has the focus: the user types its text at once.
    const section = await canvas.findByRole('region', { name: t.notes.endnotes });
    await waitFor(() =>
      expect(within(section).getByRole('heading', { name: t.notes.endnotes })).toBeVisible(),
    );
    const box = within(section).getByRole('textbox', { name: t.notes.endnoteLabel('i') });
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.keyboard('尾注的内容');
    await expect(box).toHaveValue('尾注的内容');
    // The marker in the text is the endnote's first number, i; there are no footnotes.
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: t.notes.endnoteLabel('i') })).toBeVisible(),
    );
    await expect(canvas.queryByRole('region', { name: t.footnote.notes })).toBeNull();
  },
};

export const NumberEndnotesWithCircles: Story = {
  render: editorWith(noted),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    // Footnotes ① ② and the endnote i, each kind numbered on its own.
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: t.notes.endnoteLabel('i') })).toBeVisible(),
    );
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: t.footnote.label('②') })).toBeVisible(),
    );
    await openMenuItem(canvasElement, t.insert.otherNotes);
    const dialog = await body().findByRole('dialog', { name: t.notes.dialogTitle });
    await pick(dialog, t.notes.endnoteFormat, t.notes.formats.circled);
    await pick(dialog, t.notes.footnoteFormat, t.notes.formats.decimal);
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: t.notes.endnoteLabel('①') })).toBeVisible(),
    );
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: t.footnote.label('2') })).toBeVisible(),
    );
    const endnotes = canvas.getByRole('region', { name: t.notes.endnotes });
    await expect(within(endnotes).getByRole('textbox', { name: t.notes.endnoteLabel('①') })).toHaveValue(
      '唐诗选本多收此篇',
    );
  },
};

export const ConvertFootnotesToEndnotes: Story = {
  // Before its play it is NumberEndnotesWithCircles' document, screenshotted there.
  tags: ['!vrt'],
  render: editorWith(noted),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: t.footnote.label('①') })).toBeVisible(),
    );
    await openMenuItem(canvasElement, t.insert.otherNotes);
    const dialog = await body().findByRole('dialog', { name: t.notes.dialogTitle });
    await pick(dialog, t.notes.convert, t.notes.convertAllToEndnotes(2));
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    // Three endnotes, numbered i ii iii in the order of their markers; no footnotes are left.
    const endnotes = await canvas.findByRole('region', { name: t.notes.endnotes });
    await waitFor(() =>
      expect(
        within(endnotes)
          .getAllByRole('textbox')
          .map((box) => (box as HTMLTextAreaElement).value),
      ).toEqual(['出自《春江花月夜》', '张若虚作', '唐诗选本多收此篇']),
    );
    await waitFor(() =>
      expect(within(endnotes).getByRole('textbox', { name: t.notes.endnoteLabel('iii') })).toBeVisible(),
    );
    await expect(canvas.queryByRole('region', { name: t.footnote.notes })).toBeNull();
    // One undo brings the footnotes back.
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}z{/Control}');
    const footnotes = await canvas.findByRole('region', { name: t.footnote.notes });
    await waitFor(() => expect(within(footnotes).getAllByRole('textbox')).toHaveLength(2));
    // And a single note converts from its own buttons, shown over it while it is edited (or pointed at).
    await userEvent.click(within(footnotes).getByRole('textbox', { name: t.footnote.label('①') }));
    await userEvent.click(await within(footnotes).findByRole('button', { name: `${t.notes.toEndnote} ①` }));
    await waitFor(() =>
      expect(
        within(canvas.getByRole('region', { name: t.notes.endnotes })).getAllByRole('textbox'),
      ).toHaveLength(2),
    );
  },
};
