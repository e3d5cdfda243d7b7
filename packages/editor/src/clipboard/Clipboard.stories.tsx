import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToastRegion, toastQueue } from '@wanxiang/ui';
import { expect, fireEvent, waitFor, within } from 'storybook/test';
import type { DocumentContent } from '../documents/types';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { realInput } from '../stories/realInput';

/**
 * 编辑 → 剪贴板 and the paper's context menu. The story runner's page may write the clipboard but not
 * read it (its frame is not allowed to): a copy from the menu is read back with the browser's own Ctrl+V,
 * and a paste from the menu shows the refusal message, which names the key that works. The paste itself is
 * proven on the real server (e2e/editor-clipboard.e2e.test.ts).
 */
const meta = {
  title: 'Clipboard',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    toastQueue.clear();
    return () => toastQueue.clear();
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const text = (value: string, format = 0, style = '') => ({
  type: 'text',
  version: 1,
  text: value,
  format,
  style,
  mode: 'normal',
  detail: 0,
});
const paragraph = (children: unknown[], format = '') => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format,
  indent: 0,
  textFormat: 0,
  textStyle: '',
  children,
});

/** A bold red centred heading line, and a plain paragraph to paint. */
const twoParagraphs: DocumentContent = {
  version: '2.0.0',
  editorState: {
    root: {
      type: 'root',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      children: [
        paragraph([text('春眠不觉晓', 1, 'color: #c00000;')], 'center'),
        paragraph([text('处处闻啼鸟')]),
        paragraph([text('夜来风雨声')]),
      ],
    },
  },
} as unknown as DocumentContent;

const blank: DocumentContent = { version: '2.0.0', editorState: null };

const editorWith = (content: DocumentContent) => () => (
  <div style={{ height: '100vh' }}>
    <WordEditor
      documentId="clipboard"
      initialTitle="剪贴板"
      initialContent={content}
      onSave={async () => {}}
      saveDelayMs={50}
    />
    <ToastRegion />
  </div>
);

const body = () => within(document.body);

/** Waits for a message to show (a toast fades in). */
async function seeMessage(message: string) {
  const note = await body().findByText(message);
  await waitFor(() => expect(note).toBeVisible());
}

/** A menu item's name: its label, then its shortcut (复制 is not 复制格式). */
const named = (label: string) => new RegExp(`^${label}(\\s*Ctrl|$)`);

/** Opens 编辑 and chooses an entry of its 剪贴板 group. */
async function fromEditMenu(canvasElement: HTMLElement, label: string) {
  const input = await realInput();
  const edit = await within(canvasElement).findByRole('menuitem', { name: t.menus.edit });
  await waitFor(() => expect(edit).toBeEnabled());
  await input.click(edit);
  const item = await body().findByRole('menuitem', { name: named(label) });
  await expect(item).not.toHaveAttribute('aria-disabled');
  await input.click(item);
}

/** Selects the whole text of an element (a paragraph) as a mouse would. */
function selectText(element: Element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

export const CopyAndPasteFromTheMenu: Story = {
  tags: ['!vrt'],
  render: editorWith(blank),
  play: async ({ canvasElement }) => {
    const input = await realInput();
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    await input.click(editor);
    await input.keyboard('{Control>}b{/Control}');
    await input.keyboard('春眠不觉晓');
    await waitFor(() => expect(editor.querySelector('strong')).toHaveTextContent('春眠不觉晓'));
    await input.keyboard('{Control>}a{/Control}');

    // 复制 from the menu: nothing changes in the document, nothing is said.
    await fromEditMenu(canvasElement, t.edit.copy);
    await waitFor(() => expect(editor).toHaveFocus());
    await expect(body().queryByText(t.clipboard.copyRefused)).not.toBeInTheDocument();
    if (!input.trusted) return;

    // The browser's own paste reads back what the menu wrote, bold and all.
    await input.keyboard('{End}{Enter}');
    await input.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(editor.querySelectorAll('strong')).toHaveLength(2));
    await expect(editor.querySelectorAll('p')[1]).toHaveTextContent('春眠不觉晓');

    // 粘贴 from the menu: this frame may not read the clipboard, so the message names Ctrl+V and the
    // document stays as it was.
    const before = editor.textContent;
    await fromEditMenu(canvasElement, t.edit.paste);
    await seeMessage(t.clipboard.pasteRefused);
    await expect(editor.textContent).toBe(before);
    await fromEditMenu(canvasElement, t.edit.pastePlain);
    await seeMessage(t.clipboard.pastePlainRefused);
    await expect(editor.textContent).toBe(before);
  },
};

export const ContextMenuByKeyboard: Story = {
  tags: ['!vrt'],
  render: editorWith(twoParagraphs),
  play: async ({ canvasElement }) => {
    const input = await realInput();
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    const [, second] = editor.querySelectorAll('p');
    await input.click(second as Element);
    await input.keyboard('{End}');

    // Shift+F10 opens the menu at the caret with the first item focused; with nothing selected, 剪切 and
    // 复制 say they cannot run, and 粘贴格式 waits for a copied format.
    await input.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await body().findByRole('menu', { name: t.clipboard.contextMenu });
    const item = (name: string) => within(menu).getByRole('menuitem', { name: named(name) });
    await waitFor(() => expect(item(t.edit.cut)).toHaveFocus());
    await expect(item(t.edit.cut)).toHaveAttribute('aria-disabled', 'true');
    await expect(item(t.edit.copy)).toHaveAttribute('aria-disabled', 'true');
    await expect(item(t.edit.pasteFormat)).toHaveAttribute('aria-disabled', 'true');
    await expect(item(t.edit.paste)).toHaveAttribute('aria-keyshortcuts', 'Control+V');
    // The arrows move through the items and wrap; Escape closes and gives the paper its caret back.
    await input.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(item(t.edit.paste)).toHaveFocus());
    await input.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(item(t.edit.pasteFormat)).toHaveFocus());
    await input.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(editor).toHaveFocus());

    // With a selection, 复制格式 from the menu turns the format painter on.
    await input.keyboard('{Shift>}{Home}{/Shift}');
    await input.keyboard('{Shift>}{F10}{/Shift}');
    const again = await body().findByRole('menu', { name: t.clipboard.contextMenu });
    await expect(within(again).getByRole('menuitem', { name: named(t.edit.copy) })).not.toHaveAttribute(
      'aria-disabled',
    );
    await input.keyboard('{End}{ArrowUp}{Enter}');
    await seeMessage(t.clipboard.painterOnce);
    await waitFor(() => expect(editor).toHaveAttribute('data-wx-format-painter', 'once'));
    await input.keyboard('{Escape}');
    await waitFor(() => expect(editor).not.toHaveAttribute('data-wx-format-painter'));

    // A right click opens it where the pointer is.
    fireEvent.contextMenu(second as Element, { clientX: 300, clientY: 300, button: 2 });
    const byPointer = await body().findByRole('menu', { name: t.clipboard.contextMenu });
    await waitFor(() => expect(byPointer).toBeVisible());
    await waitFor(() =>
      expect(within(byPointer).getByRole('menuitem', { name: named(t.edit.cut) })).toHaveFocus(),
    );
  },
};

export const FormatPainter: Story = {
  // The editor with plain paragraphs is screenshotted by WordEditor's stories already.
  tags: ['!vrt'],
  render: editorWith(twoParagraphs),
  play: async ({ canvasElement }) => {
    const input = await realInput();
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    const [first, second, third] = [...editor.querySelectorAll('p')];
    if (!first || !second || !third) throw new Error('three paragraphs expected');

    // 复制格式 at the bold red centred line: the painter is on, the paper says so.
    await input.click(first);
    await fromEditMenu(canvasElement, t.edit.copyFormat);
    await waitFor(() => expect(editor).toHaveAttribute('data-wx-format-painter', 'once'));
    await waitFor(() => expect(canvas.getByText(t.clipboard.painterOnce)).toBeVisible());
    await expect(getComputedStyle(editor).cursor).toContain('url(');

    // The next mouse selection takes the format, and the painter turns off.
    selectText(second);
    fireEvent.mouseUp(second, { button: 0 });
    await waitFor(() => expect(second.querySelector('strong')).toHaveTextContent('处处闻啼鸟'));
    await expect(getComputedStyle(second.querySelector('strong') as Element).color).toBe('rgb(192, 0, 0)');
    await expect(getComputedStyle(second).textAlign).toBe('center');
    await waitFor(() => expect(editor).not.toHaveAttribute('data-wx-format-painter'));
    await expect(canvas.queryByText(t.clipboard.painterOnce)).not.toBeInTheDocument();

    // 复制格式 twice keeps it on; Escape ends it, and a selection after that changes nothing.
    await input.click(first);
    await input.keyboard('{Control>}{Alt>}c{/Alt}{/Control}');
    await waitFor(() => expect(editor).toHaveAttribute('data-wx-format-painter', 'once'));
    await input.keyboard('{Control>}{Alt>}c{/Alt}{/Control}');
    await waitFor(() => expect(editor).toHaveAttribute('data-wx-format-painter', 'sticky'));
    await waitFor(() => expect(canvas.getByText(t.clipboard.painterSticky)).toBeVisible());
    await input.keyboard('{Escape}');
    await waitFor(() => expect(editor).not.toHaveAttribute('data-wx-format-painter'));
    selectText(third);
    fireEvent.mouseUp(third, { button: 0 });
    await expect(third.querySelector('strong')).toBeNull();
    await expect(getComputedStyle(third).textAlign).not.toBe('center');
  },
};
