import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { documentToText } from '../files/exportText';
import { t } from '../i18n/zh-CN';
import { sampleContent } from '../stories/sampleDocument';
import { WordEditor, type WordEditorHandle } from './WordEditor';

/** The editor as another app embeds it: its own container, its own file handling, content read on demand. */
const handle: { current: WordEditorHandle | null } = { current: null };

const meta = {
  title: 'WordEditor/Embedding',
  component: WordEditor,
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div style={{ height: '100vh' }}>
      <WordEditor {...args} ref={handle} />
    </div>
  ),
  args: {
    documentId: 'embedded-1',
    initialTitle: '季度工作报告',
    initialContent: sampleContent,
    onSave: fn(async () => {}),
    onChange: fn(),
    saveDelayMs: 50,
  },
} satisfies Meta<typeof WordEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

const paper = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: t.editorLabel });

/**
 * Opening a document saves nothing (a host's store is written only after an edit); the host reads the
 * content through the ref at any time, and an edit is reported at once and saved.
 */
export const OpensWithoutSaving: Story = {
  tags: ['!vrt'],
  play: async ({ canvasElement, args }) => {
    const editor = paper(canvasElement);
    await waitFor(() => expect(editor).toHaveTextContent('季度工作报告'));
    const opened = handle.current;
    if (!opened) throw new Error('no handle');
    // Saving now writes only pending edits: right after opening there are none.
    await opened.save();
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(opened.getTitle()).toBe('季度工作报告');
    const before = documentToText(opened.getContent());
    await expect(before).toContain('季度工作报告');

    await userEvent.click(within(editor).getByText('季度工作报告'));
    await userEvent.keyboard('草稿');
    await waitFor(() => expect(args.onChange).toHaveBeenCalled());
    const edited = documentToText(opened.getContent());
    await expect(edited).toContain('草稿');
    await expect(edited).toHaveLength(before.length + 2);
    await opened.save();
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(documentToText((args.onSave as ReturnType<typeof fn>).mock.lastCall?.[0])).toBe(edited);
  },
};

/**
 * A host that keeps its own file list and file handling: no back button (no onBack), no Files tab (no
 * recentDocuments), and the 文件 menu without the items it left out.
 */
export const WithoutTheHostsOwnControls: Story = {
  args: { hiddenActions: ['open', 'saveLocal', 'exportMarkdown'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('toolbar', { name: t.toolbar.label });
    await expect(canvas.queryByRole('button', { name: t.toolbar.back })).toBeNull();
    await expect(canvas.queryByRole('tab', { name: t.panels.files })).toBeNull();
    await expect(await canvas.findByRole('tab', { name: t.panels.outline })).toBeVisible();
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.file }));
    const menu = await body.findByRole('menu', { name: t.menus.file });
    await expect(within(menu).queryByRole('menuitem', { name: t.file.open })).toBeNull();
    await expect(within(menu).queryByRole('menuitem', { name: t.file.exportMarkdown })).toBeNull();
    await expect(within(menu).getByRole('menuitem', { name: new RegExp(t.file.print) })).not.toHaveAttribute(
      'aria-disabled',
    );
    await userEvent.keyboard('{Escape}');
  },
};
