import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { initialFormatState } from '../model/useFormatState';
import { sampleContent } from '../stories/sampleDocument';
import { DEFAULT_STYLE_PRESETS } from '../styles/presets';
import { FontDialog } from './FontDialog';
import { LinkDialog } from './LinkDialog';
import { ListDialog } from './ListDialog';
import { ParagraphDialog } from './ParagraphDialog';
import { StyleDialog } from './StyleDialog';

/** The format dialogs, each open on its own, with what the user can do in it. */
const meta = {
  title: 'Dialogs',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const pick = async (label: string, option: string) => {
  const dialog = await body().findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(await body().findByRole('option', { name: option }));
};

const onFont = fn();
export const Font: Story = {
  render: () => <FontDialog isOpen onOpenChange={() => {}} format={initialFormatState} onApply={onFont} />,
  play: async () => {
    onFont.mockClear();
    const dialog = await body().findByRole('dialog', { name: t.font.title });
    await pick(t.font.family, '楷体');
    const custom = within(dialog).getByRole('textbox', { name: t.font.customSize });
    await userEvent.type(custom, 'abc');
    await expect(within(dialog).getByText(t.font.sizeInvalid)).toBeVisible();
    await userEvent.clear(custom);
    await userEvent.type(custom, '12');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.font.bold }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await expect(onFont).toHaveBeenCalledWith(
      expect.objectContaining({ fontFamily: 'kaiti', fontSizePx: 16, bold: true }),
    );
  },
};

const onParagraph = fn();
export const Paragraph: Story = {
  render: () => <ParagraphDialog isOpen onOpenChange={() => {}} onApply={onParagraph} />,
  play: async () => {
    onParagraph.mockClear();
    const dialog = await body().findByRole('dialog', { name: t.paragraph.title });
    await waitFor(() => expect(within(dialog).getByText(t.paragraph.clearHint)).toBeVisible());
    await pick(t.paragraph.lineHeight, t.paragraph.exact);
    const value = within(dialog).getAllByRole('spinbutton', { name: t.paragraph.value })[0] as HTMLElement;
    await userEvent.clear(value);
    await userEvent.type(value, '18');
    await pick(t.paragraph.special, t.paragraph.firstLine);
    // 段前分页: the paragraph starts a page.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.pages.pageBreakBefore }));
    await expect(within(dialog).getByText(t.pages.pageBreakBeforeHint)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await expect(onParagraph).toHaveBeenCalledWith(
      {
        indent: 'none',
        lineHeight: { kind: 'exact', value: 18, unit: 'pt' },
        specialIndent: { kind: 'firstLine', value: 2, unit: 'char' },
        spaceBefore: null,
        spaceAfter: null,
      },
      true,
    );
  },
};

/**
 * 段前 / 段后 in the editor: 格式 › 段落 on a paragraph, 段前 12 磅 lands on it as a 16 px top margin; a
 * number out of range is refused with its limits; the dialog opens again on what the paragraph has.
 */
export const ParagraphSpacing: Story = {
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="local-doc-spacing"
        initialTitle="段落间距"
        initialContent={sampleContent}
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    const line = '春江潮水连海平，海上明月共潮生。';
    await userEvent.click(await within(editor).findByText(line));
    const openParagraph = async () => {
      await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.format }));
      await userEvent.click(await body().findByRole('menuitem', { name: t.format.paragraph }));
      return body().findByRole('dialog', { name: t.paragraph.title });
    };
    let dialog = await openParagraph();
    await pick(t.paragraph.spaceBefore, t.paragraph.pt);
    const before = within(dialog).getByRole('spinbutton', {
      name: t.paragraph.spacingValue(t.paragraph.spaceBefore, t.paragraph.pt),
    });
    await userEvent.clear(before);
    await userEvent.type(before, '2000');
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await expect(
      within(dialog).getByText(t.paragraph.spacingInvalid(t.paragraph.spaceBefore, 1584, t.paragraph.pt)),
    ).toBeVisible();
    await userEvent.clear(before);
    await userEvent.type(before, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    const target = within(editor).getByText(line).closest('p') as HTMLElement;
    await waitFor(() => expect(getComputedStyle(target).marginTop).toBe('16px'));
    // The first-line indent it had is kept, and 段后 (left 不变) keeps the editor's own margin.
    await expect(target.style.textIndent).toBe('2em');
    await expect(target.style.marginBlockEnd).toBe('');
    // Opened again, the dialog shows the paragraph's 12 磅.
    await userEvent.click(within(editor).getByText(line));
    dialog = await openParagraph();
    await waitFor(() =>
      expect(
        within(dialog).getByRole('spinbutton', {
          name: t.paragraph.spacingValue(t.paragraph.spaceBefore, t.paragraph.pt),
        }),
      ).toHaveValue(12),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.cancel }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

const onParagraphClear = fn();
/** Every option 不变: 确定 clears the paragraph formatting (an all-null payload). */
export const ParagraphClears: Story = {
  render: () => <ParagraphDialog isOpen onOpenChange={() => {}} onApply={onParagraphClear} />,
  play: async () => {
    onParagraphClear.mockClear();
    const dialog = await body().findByRole('dialog', { name: t.paragraph.title });
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await expect(onParagraphClear).toHaveBeenCalledWith(
      { indent: 'none', lineHeight: null, specialIndent: null, spaceBefore: null, spaceAfter: null },
      null,
    );
  },
};

const onList = fn();
export const List: Story = {
  render: () => <ListDialog isOpen onOpenChange={() => {}} current="none" onApply={onList} />,
  play: async () => {
    onList.mockClear();
    const dialog = await body().findByRole('dialog', { name: t.list.title });
    await pick(t.list.type, t.list.check);
    await pick(t.list.indent, t.paragraph.indentInc);
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await expect(onList).toHaveBeenCalledWith('check', 'inc');
  },
};

const onStyle = fn();
export const Style: Story = {
  render: () => (
    <StyleDialog isOpen onOpenChange={() => {}} presets={DEFAULT_STYLE_PRESETS} onApply={onStyle} />
  ),
  play: async () => {
    onStyle.mockClear();
    const dialog = await body().findByRole('dialog', { name: t.style.title });
    await pick(t.style.preset, t.style.names.h2);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.font.italic }));
    const size = within(dialog).getByRole('spinbutton', { name: t.style.fontSizePx });
    await userEvent.clear(size);
    await userEvent.type(size, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    const presets = onStyle.mock.lastCall?.[0];
    await expect(presets.h2).toMatchObject({ italic: true, fontSizePx: 30, bold: true });
    await expect(presets.paragraph).toEqual(DEFAULT_STYLE_PRESETS.paragraph);
  },
};

const onLink = fn();
/** Empty input removes the link; a javascript: address is refused. */
export const Link: Story = {
  render: () => <LinkDialog isOpen onOpenChange={() => {}} initialUrl="" onApply={onLink} />,
  play: async () => {
    onLink.mockClear();
    const dialog = await body().findByRole('dialog', { name: t.link.title });
    const input = within(dialog).getByRole('textbox', { name: t.link.url });
    await expect(input).toHaveValue('https://');
    await userEvent.clear(input);
    await userEvent.type(input, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: t.link.apply }));
    await expect(within(dialog).getByText(t.link.invalid)).toBeVisible();
    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: t.link.apply }));
    await waitFor(() => expect(onLink).toHaveBeenCalledWith(null));
  },
};
