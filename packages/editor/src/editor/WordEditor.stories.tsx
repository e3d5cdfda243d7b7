import { $createLinkNode } from '@lexical/link';
import { $createTableSelection, $isTableNode } from '@lexical/table';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $setSelection,
  type LexicalEditor,
} from 'lexical';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACTIONS, MENUS } from '../actions/actions';
import { t } from '../i18n/zh-CN';
import { realInput } from '../stories/realInput';
import { longContent, sampleContent } from '../stories/sampleDocument';
import { WordEditor } from './WordEditor';

const meta = {
  title: 'WordEditor',
  component: WordEditor,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    documentId: 'local-doc-1',
    initialTitle: '未命名文档',
    initialContent: { version: '2.0.0', editorState: null },
    onSave: fn(async () => {}),
    onBack: fn(),
    onOpenDocument: fn(),
    saveDelayMs: 50,
    recentDocuments: [
      {
        id: 'local-doc-1',
        title: '未命名文档',
        createdAt: 1,
        modifiedAt: Date.UTC(2026, 10, 20, 2),
        owner: 'u',
      },
      { id: 'local-doc-2', title: '周报', createdAt: 1, modifiedAt: Date.UTC(2026, 10, 19, 2), owner: 'u' },
    ],
  },
} satisfies Meta<typeof WordEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

const paper = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: t.editorLabel });

/** A blank document: type Chinese, make it bold from the toolbar; the edit is saved. */
export const Blank: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.placeholder)).toBeVisible();
    await expect(canvas.getByText(t.draftTitle('未命名文档'))).toBeVisible();
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.keyboard('你好世界');
    // Select 世界 as a mouse drag would (synthetic arrow keys do not move a native caret).
    const textNode = editor.querySelector('[data-lexical-text]')?.firstChild as Text;
    const range = document.createRange();
    range.setStart(textNode, 2);
    range.setEnd(textNode, 4);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    await waitFor(() => expect(window.getSelection()?.toString()).toBe('世界'));
    await new Promise((r) => setTimeout(r, 50));
    // The toolbar comes after the paper's first paint: wait for it.
    await userEvent.click(await canvas.findByRole('button', { name: t.toolbar.bold }));
    await waitFor(() => expect(editor.querySelector('.wx-ed-bold')).toHaveTextContent('世界'));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: t.toolbar.bold })).toHaveAttribute('aria-pressed', 'true'),
    );
    // Saved as written: 你好 plain, 世界 bold (format 1). The autosave after the typing may land before the
    // one after the bold, so wait for the latest save to carry it.
    const lastSave = () => (args.onSave as ReturnType<typeof fn>).mock.lastCall ?? [];
    await waitFor(() =>
      expect(JSON.stringify(lastSave()[0])).toContain('"format":1,"mode":"normal","style":"","text":"世界"'),
    );
    await expect(lastSave()[1]).toBe('你好世界');
  },
};

/** A document with headings, a list, a table, code and a footnote; the outline lists the headings. */
export const WithContent: Story = {
  args: { initialContent: sampleContent, initialTitle: '季度工作报告' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const outlineTab = await canvas.findByRole('tab', { name: t.panels.outline });
    await userEvent.click(outlineTab);
    const item = await canvas.findByRole('button', { name: '1.1 数据' });
    await expect(canvas.getByRole('button', { name: '季度工作报告' })).toBeVisible();
    await userEvent.click(item);
    await waitFor(() => expect(window.getSelection()?.toString()).toBe('1.1 数据'));
    // The size box shows the heading's own size (标题 3: 15 pt, 小三), not the body text's.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: new RegExp(t.toolbar.fontSize) })).toHaveTextContent('小三'),
    );
    // The footnote is numbered ①, its note under the text on the sheet.
    await expect(await canvas.findByRole('button', { name: t.footnote.label('①') })).toBeVisible();
    await expect(canvas.getByDisplayValue('数据截至九月三十日。')).toBeVisible();
  },
};

/**
 * The notes have one place: on the sheet, under the text, as printed notes are (in 页面视图 at the foot of
 * the sheet their marker is on), whatever the panels beside the paper. The paper keeps its width (beside
 * it, the notes narrowed it, and fell out of sight under it when the outline took the room).
 */
export const NotesUnderTheText: Story = {
  // Without its play function it is WithContent, which the screenshots have already.
  tags: ['!vrt'],
  args: { initialContent: sampleContent, initialTitle: '季度工作报告' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sheet = paper(canvasElement).parentElement as HTMLElement;
    const notes = await canvas.findByRole('region', { name: t.footnote.notes });
    const note = (await within(notes).findByRole('textbox', { name: t.footnote.label('①') })).closest(
      '[data-note-id]',
    ) as HTMLElement;
    const where = () => {
      const text = paper(canvasElement).getBoundingClientRect();
      const lastLine = paper(canvasElement).lastElementChild?.getBoundingClientRect().bottom ?? 0;
      const box = note.getBoundingClientRect();
      return {
        inside: sheet.contains(note),
        below: box.top >= lastLine,
        onTheSheet: box.bottom <= sheet.getBoundingClientRect().bottom,
        left: Math.round(box.left - text.left),
      };
    };
    await waitFor(() => expect(where()).toEqual({ inside: true, below: true, onTheSheet: true, left: 0 }));
    // The sheet is as wide as with no notes: the whole row (794 px at most), none of it kept for them.
    const row = sheet.parentElement as HTMLElement;
    await expect(sheet.getBoundingClientRect().width).toBe(row.getBoundingClientRect().width);
  },
};

/**
 * The menu bar follows the ARIA menubar pattern (one Tab stop, arrows between the menus), and 帮助 →
 * 快捷键 lists the action table's shortcuts and how to leave the paper: Escape, then Tab.
 */
export const MenuBarKeyboardAndShortcuts: Story = {
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('menubar', { name: t.menuBar });
    const file = within(bar).getByRole('menuitem', { name: t.menus.file });
    await expect(file).toHaveAttribute('tabindex', '0');
    await expect(within(bar).getByRole('menuitem', { name: t.menus.edit })).toHaveAttribute('tabindex', '-1');
    file.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(bar).getByRole('menuitem', { name: t.menus.edit })).toHaveFocus();
    await userEvent.keyboard('{End}');
    const help = within(bar).getByRole('menuitem', { name: t.menus.help });
    await expect(help).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const body = within(document.body);
    await userEvent.click(await body.findByRole('menuitem', { name: t.shortcuts.title }));
    const dialog = await body.findByRole('dialog', { name: t.shortcuts.title });
    const findRow = within(dialog).getByRole('row', { name: /查找和替换/ });
    await expect(findRow).toHaveTextContent('Ctrl+F');
    await expect(findRow).toHaveTextContent('Ctrl+H');
    await expect(within(dialog).getByRole('row', { name: new RegExp(t.shortcuts.leave) })).toHaveTextContent(
      'Esc → Tab',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());

    // In the paper, Tab indents; Escape then Tab moves the focus on instead.
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.keyboard('{Escape}');
    await userEvent.tab();
    await expect(editor).not.toHaveFocus();
  },
};

/**
 * Opened with autoFocus (as the app opens documents), the caret waits at the document's start: the first
 * keys typed land there without a click. (Not screenshotted: the caret blinks.)
 */
export const OpensWithTheCaret: Story = {
  args: { initialContent: sampleContent, initialTitle: '季度工作报告', autoFocus: true },
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const editor = paper(canvasElement);
    await waitFor(() => expect(document.activeElement).toBe(editor));
    await userEvent.keyboard('草稿：');
    await waitFor(() => expect(editor.firstElementChild?.textContent).toMatch(/^草稿：/));
  },
};

/**
 * Every entry of every menu, as a new user meets them: each one is there and enabled (none waits, greyed
 * out, for a later release) but the right panel's toggle, which says why when the editor has none. One menu
 * at a time; Escape closes.
 */
export const Menus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    for (const { key, groups } of MENUS) {
      await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus[key] }));
      const menu = await body.findByRole('menu', { name: t.menus[key] });
      const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]')];
      const entries = groups.flatMap((group) => group.entries);
      // Each item is an action of this menu (those the host has no use for are left out, not greyed).
      await expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const entry = entries.find((id) => item.textContent?.startsWith(ACTIONS[id].label));
        await expect(entry, item.textContent ?? '').toBeDefined();
        if (entry === 'toggleRight') await expect(item).toHaveAttribute('aria-disabled', 'true');
        else await expect(item, entry).not.toHaveAttribute('aria-disabled');
      }
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    }
  },
};

/** Ctrl+Alt+F inserts a footnote at the caret; its note takes the focus. */
export const Footnote: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.keyboard('引用一句话');
    await userEvent.keyboard('{Control>}{Alt>}f{/Alt}{/Control}');
    const note = await canvas.findByRole('textbox', { name: t.footnote.label('①') });
    await waitFor(() => expect(note).toHaveFocus());
    await userEvent.keyboard('出处：某某');
    await expect(note).toHaveValue('出处：某某');
    await userEvent.keyboard('{Escape}');
  },
};

/** Find and replace from the Edit menu: an empty search is refused, replace all counts. */
/**
 * A key acts where the caret is even when the browser has not yet told the editor that a click moved it
 * (its selectionchange comes as a later task): here the caret moves and Enter arrives in one task.
 */
export const KeysFollowTheCaret: Story = {
  // Without its play function it is the blank editor, which is screenshotted already.
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.keyboard('甲乙丙{Enter}丁戊');
    const texts = () => [...editor.querySelectorAll('p')].map((p) => p.textContent);
    await waitFor(() => expect(texts()).toEqual(['甲乙丙', '丁戊']));
    const first = editor.querySelector('p span')?.firstChild as Text;
    getSelection()?.collapse(first, 1);
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    // Split after 甲, not at the end of 丁戊 where the caret was a moment before.
    await waitFor(() => expect(texts()).toEqual(['甲', '乙丙', '丁戊']));
  },
};

export const FindAndReplace: Story = {
  args: { initialContent: sampleContent },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.edit }));
    await userEvent.click(await body.findByRole('menuitem', { name: new RegExp(t.edit.findReplace) }));
    const dialog = await body.findByRole('dialog', { name: t.find.title });
    await userEvent.click(within(dialog).getByRole('button', { name: t.find.replaceAll }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(t.find.empty);
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.find.find }), '季度');
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.find.replace }), '年度');
    await userEvent.click(within(dialog).getByRole('button', { name: t.find.next }));
    await expect(within(dialog).getByRole('status')).toHaveTextContent(t.find.count(1, 4));
    // The focus stays in the dialog while the match is shown.
    await expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: t.find.replaceOne }));
    await expect(within(dialog).getByRole('status')).toHaveTextContent(t.find.replaced(1));
    await userEvent.click(within(dialog).getByRole('button', { name: t.find.replaceAll }));
    await expect(within(dialog).getByRole('status')).toHaveTextContent(t.find.replaced(3));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(paper(canvasElement)).toHaveTextContent('年度工作报告'));
  },
};

/**
 * Ctrl+F: the search alone, counted as it is typed, matches painted while the paper stays in view; Enter
 * walks to the first match, 替换… reveals the replace field. Ctrl+H puts the caret in the query too.
 */
export const FindAsYouType: Story = {
  args: { initialContent: sampleContent },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await within(paper(canvasElement)).findByText('春江潮水连海平，海上明月共潮生。'));
    await userEvent.keyboard('{Control>}f{/Control}');
    const dialog = await body.findByRole('dialog', { name: t.find.title });
    const query = within(dialog).getByRole('textbox', { name: t.find.find });
    await waitFor(() => expect(query).toHaveFocus());
    await expect(within(dialog).queryByRole('textbox', { name: t.find.replace })).toBeNull();
    await userEvent.keyboard('季度');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(t.find.found(4)));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(t.find.count(1, 4)));
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(t.find.count(4, 4)));
    await userEvent.click(within(dialog).getByRole('button', { name: t.find.showReplace }));
    // The field fades in: it is visible once its transition has run, which a loaded machine delays.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: t.find.replace })).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await userEvent.click(await within(paper(canvasElement)).findByText('春江潮水连海平，海上明月共潮生。'));
    await userEvent.keyboard('{Control>}h{/Control}');
    const again = await body.findByRole('dialog', { name: t.find.title });
    await waitFor(() => expect(within(again).getByRole('textbox', { name: t.find.find })).toHaveFocus());
    await waitFor(() => expect(within(again).getByRole('textbox', { name: t.find.replace })).toBeVisible());
    await userEvent.keyboard('{Escape}');
  },
};

/** Without a right panel there is nothing to toggle: no toolbar button, a disabled View entry. */
export const NoRightPanel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('button', { name: t.panels.toggleLeft });
    await expect(canvas.queryByRole('button', { name: t.panels.toggleRight })).toBeNull();
    await userEvent.click(canvas.getByRole('menuitem', { name: t.menus.view }));
    const menu = await body.findByRole('menu', { name: t.menus.view });
    const toggle = within(menu).getByRole('menuitem', { name: new RegExp(t.panels.toggleRight) });
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');
    // A disabled control says why.
    await expect(toggle).toHaveTextContent(t.panels.noRightPanel);
    await userEvent.keyboard('{Escape}');
  },
};

/** A table from the toolbar: 3 × 4 with an empty header row, the caret in its first cell. */
export const InsertTable: Story = {
  // The header cells are empty by design (the user types them next, as in Word): axe's best-practice
  // empty-table-header rule is off for this moment only.
  parameters: { a11y: { config: { rules: [{ id: 'empty-table-header', enabled: false }] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.click(await canvas.findByRole('button', { name: t.toolbar.table }));
    await waitFor(() => expect(editor.querySelectorAll('tr')).toHaveLength(3));
    const header = [...editor.querySelectorAll('tr:first-of-type th')];
    await expect(header).toHaveLength(4);
    // As in Word and WPS, the table spans the text width of the page in equal columns.
    const widths = header.map((cell) => cell.getBoundingClientRect().width);
    await expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(1);
    const table = editor.querySelector('table') as HTMLTableElement;
    await expect(Math.abs(table.getBoundingClientRect().width - editor.clientWidth)).toBeLessThan(2);
    // Empty header cells, the caret in the first one.
    await expect(header.map((th) => th.textContent)).toEqual(['', '', '', '']);
    await userEvent.keyboard('姓名');
    await waitFor(() => expect(editor.querySelector('th')).toHaveTextContent('姓名'));
    await expect(editor.querySelector('td')?.textContent).toBe('');
  },
};

/** An image file goes in with its file name as alt text; other files are refused. */
export const InsertImage: Story = {
  play: async ({ canvasElement }) => {
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"][accept="image/*"]');
    if (!input) throw new Error('no image input');
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    const refuse = new DataTransfer();
    refuse.items.add(new File(['hello'], '说明.txt', { type: 'text/plain' }));
    input.files = refuse.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 100));
    await expect(editor.querySelector('img')).toBeNull();
    const accept = new DataTransfer();
    accept.items.add(new File([png], '流程图.png', { type: 'image/png' }));
    input.files = accept.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(editor.querySelector('img')).toHaveAttribute('alt', '流程图.png'));
    await expect(editor.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  },
};

/**
 * An inserted picture (a 200×120 PNG data URL): a click selects it (outlined, with its resize handle); + makes
 * it wider in one undo step; 图片属性 (context menu, Alt+Enter) sets its description and width.
 */
export const ImageResizeAndProperties: Story = {
  play: async ({ canvasElement, args }) => {
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 120;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#3b82f6';
    g.fillRect(0, 0, 200, 120);
    const dataUrl = canvas.toDataURL('image/png');
    await expect(dataUrl).toMatch(/^data:image\/png;base64,/);
    const blob = await (await fetch(dataUrl)).blob();
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"][accept="image/*"]');
    if (!input) throw new Error('no image input');
    const files = new DataTransfer();
    files.items.add(new File([blob], '柱状图.png', { type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));

    await waitFor(() => expect(editor.querySelector('.wx-ed-image-frame img')).not.toBeNull());
    const image = () => editor.querySelector('.wx-ed-image-frame img') as HTMLImageElement;
    await waitFor(() => expect(image().getBoundingClientRect().width).toBe(200));
    await userEvent.click(image());
    await waitFor(() => expect(editor.querySelector('.wx-ed-image-frame[data-selected]')).not.toBeNull());
    const handle = within(editor).getByRole('slider', { name: t.image.resizeHandle });
    await expect(handle).toBeVisible();

    // + widens it by a tenth; the height follows; the saved document stores the width.
    await userEvent.keyboard('+');
    await waitFor(() => expect(image()).toHaveAttribute('width', '220'));
    await expect(image().getBoundingClientRect().height).toBeCloseTo(132, 0);
    const lastSave = () => JSON.stringify((args.onSave as ReturnType<typeof fn>).mock.lastCall?.[0] ?? '');
    await waitFor(() => expect(lastSave()).toContain('"width":220'));
    await userEvent.keyboard('-');
    await waitFor(() => expect(image()).toHaveAttribute('width', '198'));
    // One undo step per change.
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(image()).toHaveAttribute('width', '220'));

    // 图片属性 from the context menu: a width out of bounds is refused with a message, then applied.
    image().dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    const body = within(document.body);
    const dialog = await body.findByRole('dialog', { name: t.image.properties });
    const alt = within(dialog).getByRole('textbox', { name: t.image.alt });
    await expect(alt).toHaveValue('柱状图.png');
    await userEvent.clear(alt);
    await userEvent.type(alt, '季度销量柱状图');
    const width = within(dialog).getByRole('textbox', { name: t.image.width });
    await expect(width).toHaveValue('220');
    await userEvent.clear(width);
    await userEvent.type(width, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: t.image.apply }));
    await expect(within(dialog).getByText(t.image.widthInvalid(24, 2000))).toBeVisible();
    await userEvent.clear(width);
    await userEvent.type(width, '120');
    await userEvent.click(within(dialog).getByRole('button', { name: t.image.apply }));
    await waitFor(() => expect(image()).toHaveAttribute('alt', '季度销量柱状图'));
    await expect(image()).toHaveAttribute('width', '120');
    await waitFor(() => expect(lastSave()).toContain('"altText":"季度销量柱状图"'));

    // Alt+Enter on the selected image opens it again.
    await waitFor(() => expect(body.queryByRole('dialog', { name: t.image.properties })).toBeNull());
    await userEvent.click(image());
    await userEvent.keyboard('{Alt>}{Enter}{/Alt}');
    const again = await body.findByRole('dialog', { name: t.image.properties });
    await expect(within(again).getByRole('textbox', { name: t.image.alt })).toHaveValue('季度销量柱状图');
    await userEvent.click(within(again).getByRole('button', { name: t.link.cancel }));

    // The corner handle follows the pointer: 40 px to the right makes it 40 px wider, in one change.
    await waitFor(() => expect(body.queryByRole('dialog', { name: t.image.properties })).toBeNull());
    await userEvent.click(image());
    const grip = await within(editor).findByRole('slider', { name: t.image.resizeHandle });
    const box = grip.getBoundingClientRect();
    const at = (type: string, x: number) =>
      grip.dispatchEvent(
        new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, clientX: x, clientY: box.y }),
      );
    at('pointerdown', box.x);
    at('pointermove', box.x + 20);
    at('pointermove', box.x + 40);
    at('pointerup', box.x + 40);
    await waitFor(() => expect(image()).toHaveAttribute('width', '160'));
  },
};

/** Paste rules: HTML pasted into a code block arrives as plain text. */
export const PasteIntoCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.click(await canvas.findByRole('button', { name: t.toolbar.codeBlock }));
    await waitFor(() => expect(editor.querySelector('.wx-ed-code')).not.toBeNull());
    const data = new DataTransfer();
    data.setData('text/html', '<b>粗体</b><table><tr><td>表格</td></tr></table>');
    data.setData('text/plain', 'let x = 1;');
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
    await waitFor(() => expect(editor.querySelector('.wx-ed-code')).toHaveTextContent('let x = 1;'));
    await expect(editor.querySelector('table')).toBeNull();
  },
};

/** Format › 段落… on the caret's paragraph: an exact 18 pt line height lands on the paragraph. */
export const ParagraphFromMenu: Story = {
  args: { initialContent: sampleContent },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const editor = paper(canvasElement);
    await userEvent.click(await within(editor).findByText('春江潮水连海平，海上明月共潮生。'));
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.format }));
    await userEvent.click(await body.findByRole('menuitem', { name: t.format.paragraph }));
    const dialog = await body.findByRole('dialog', { name: t.paragraph.title });
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(t.paragraph.lineHeight) }));
    await userEvent.click(await body.findByRole('option', { name: t.paragraph.exact }));
    const value = within(dialog).getByRole('spinbutton', { name: t.paragraph.value });
    await userEvent.clear(value);
    await userEvent.type(value, '18');
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    const target = within(editor).getByText('春江潮水连海平，海上明月共潮生。').closest('p') as HTMLElement;
    await waitFor(() => expect(target.style.lineHeight).toBe('24px'));
    // The first-line indent it already had is kept (special indent was left 不变).
    await expect(target.style.textIndent).toBe('2em');
  },
};

/** Format › 样式…: a changed preset restyles the whole document at once. */
export const StylePresetsApply: Story = {
  args: { initialContent: sampleContent },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const editor = paper(canvasElement);
    const h1 = await within(editor).findByText('季度工作报告');
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.format }));
    await userEvent.click(await body.findByRole('menuitem', { name: t.format.style }));
    const dialog = await body.findByRole('dialog', { name: t.style.title });
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(t.style.preset) }));
    await userEvent.click(await body.findByRole('option', { name: t.style.names.h1 }));
    const size = within(dialog).getByRole('spinbutton', { name: t.style.fontSizePx });
    await userEvent.clear(size);
    await userEvent.type(size, '40');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.font.italic }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.dialogs.ok }));
    await waitFor(() => expect(getComputedStyle(h1.closest('h1') as Element).fontSize).toBe('40px'));
    await expect(getComputedStyle(h1.closest('h1') as Element).fontStyle).toBe('italic');
  },
};

let tableEditor: LexicalEditor | null = null;
/** Table tools: two selected cells merge into one spanning two columns, and split again. */
export const MergeCells: Story = {
  // The new table's header cells are empty until the user types them (see InsertTable).
  parameters: { a11y: { config: { rules: [{ id: 'empty-table-header', enabled: false }] } } },
  args: {
    onEditorReady: (editor: LexicalEditor) => {
      tableEditor = editor;
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.click(await canvas.findByRole('button', { name: t.toolbar.table }));
    await waitFor(() => expect(editor.querySelectorAll('tr')).toHaveLength(3));
    // Two cells selected, as a drag across them would. The selection the table's insertion put in the page
    // can reach the editor after this on a loaded machine and replace it: it is set again until the cells
    // show it.
    await waitFor(() => {
      tableEditor?.update(() => {
        const table = $getRoot().getChildren().find($isTableNode);
        const row = table?.getChildAtIndex(1);
        const [first, second] = $isElementNode(row) ? row.getChildren() : [];
        if (!table || !first || !second) throw new Error('no table');
        const selection = $createTableSelection();
        selection.set(table.getKey(), first.getKey(), second.getKey());
        $setSelection(selection);
      });
      expect(editor.querySelectorAll('.wx-ed-cell-selected')).toHaveLength(2);
    });
    await userEvent.click(await canvas.findByRole('button', { name: t.toolbar.tableTools }));
    // The menu's items follow the editor's state as React renders it; merging waits until it may.
    const merge = await body.findByRole('button', { name: t.table.merge });
    await waitFor(() => expect(merge).toBeEnabled());
    await userEvent.click(merge);
    await waitFor(() => expect(editor.querySelector('td[colspan="2"]')).not.toBeNull());
    await userEvent.click(editor.querySelector('td[colspan="2"]') as HTMLElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.toolbar.tableTools }));
    const unmerge = await body.findByRole('button', { name: t.table.unmerge });
    await waitFor(() => expect(unmerge).toBeEnabled());
    await userEvent.click(unmerge);
    await waitFor(() => expect(editor.querySelector('td[colspan="2"]')).toBeNull());
  },
};

let typingEditor: LexicalEditor | null = null;
/**
 * Typed text lands at the caret with the caret's format, whoever inserts it (the editor for plain typing,
 * the browser otherwise): inside bold text it is bold, at the end of a link it follows the link without
 * joining it, and undo takes it away again.
 */
export const TypingAtTheCaret: Story = {
  tags: ['!vrt'],
  args: {
    onEditorReady: (editor: LexicalEditor) => {
      typingEditor = editor;
    },
  },
  play: async ({ canvasElement }) => {
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await waitFor(() => expect(typingEditor).not.toBeNull());
    const lexical = typingEditor as LexicalEditor;
    /**
     * Puts the browser's caret in some text, as a click would, and waits for the editor to follow it. An
     * update still committing from the last keystroke writes the editor's own caret back into the page; on
     * a loaded machine that can land after this one, so the caret is put again until the editor has it.
     */
    const place = async (element: Element | null, offset: number) => {
      const text = element?.firstChild;
      if (!(text instanceof Text)) throw new Error('no text to place the caret in');
      await waitFor(() => {
        const selection = getSelection();
        if (selection?.anchorNode !== text || selection.anchorOffset !== offset)
          selection?.collapse(text, offset);
        // The editor's caret in that text at that offset: in the text at its start (where the click left it)
        // is not yet the caret that was put, and typing there would go before the first character.
        expect(
          lexical.getEditorState().read(() => {
            const caret = $getSelection();
            return $isRangeSelection(caret)
              ? [caret.anchor.getNode().getTextContent(), caret.anchor.offset]
              : null;
          }),
        ).toEqual([text.data, offset]);
      });
    };
    lexical.update(() => {
      const paragraph = $createParagraphNode().append(
        $createTextNode('甲乙').toggleFormat('bold'),
        $createTextNode('，见'),
        $createLinkNode('https://example.com/').append($createTextNode('链接')),
      );
      $getRoot().clear().append(paragraph);
    });
    await waitFor(() => expect(editor.textContent).toBe('甲乙，见链接'));
    await place(editor.querySelector('.wx-ed-bold'), 1);
    await userEvent.keyboard('丙');
    await waitFor(() => expect(editor.querySelector('.wx-ed-bold')?.textContent).toBe('甲丙乙'));

    await place(editor.querySelector('a span'), 2);
    await userEvent.keyboard('后文');
    await waitFor(() => expect(editor.textContent).toBe('甲丙乙，见链接后文'));
    await expect(editor.querySelector('a')?.textContent).toBe('链接');

    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(editor.textContent).not.toContain('后文'));
  },
};

/** 保存到云端 (Ctrl+S) saves what is pending, then hands over to the page's cloud save. */
export const SaveToCloud: Story = {
  args: { onSaveCloud: fn(), saveDelayMs: 60_000 },
  play: async ({ canvasElement, args }) => {
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.keyboard('写完就存');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(args.onSaveCloud).toHaveBeenCalledOnce());
    // The pending edit went through onSave first, though the autosave pause is a minute.
    await expect(args.onSave).toHaveBeenCalled();
  },
};

/** Edited in another tab: the page's notice says so, nothing can be typed, the toolbar is disabled. */
export const ReadOnly: Story = {
  args: {
    initialContent: sampleContent,
    readOnly: true,
    notice: <p role="status">这个文档正在另一个标签页中编辑，本页只读。</p>,
    cloudStatus: <span>已保存到云端</span>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/本页只读/)).toBeVisible();
    await expect(canvas.getByText('已保存到云端')).toBeVisible();
    const editor = paper(canvasElement);
    await waitFor(() => expect(editor).toHaveAttribute('contenteditable', 'false'));
    await waitFor(() => expect(canvas.getByRole('button', { name: t.toolbar.bold })).toBeDisabled());
  },
};

/**
 * The toolbar's list, indent and 行距 buttons, as in WPS and Word: indent and outdent a paragraph, set its
 * line spacing to 1.5 (ticked in the menu after), make it a bulleted then a numbered list (the pressed
 * button follows), Ctrl+Shift+L back to bullets; the spacing is in what is saved.
 */
export const ListsIndentAndLineSpacing: Story = {
  // Without its play function it is the sample document, which WithContent screenshots already.
  tags: ['!vrt'],
  args: { initialContent: sampleContent },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const editor = paper(canvasElement);
    const line = '春江潮水连海平，海上明月共潮生。';
    const block = () => within(editor).getByText(line).closest('p, li') as HTMLElement;
    await userEvent.click(await within(editor).findByText(line));

    // The toolbar comes after the paper's first paint (the cause of this story's failures under load, when
    // the play reached for it before): wait for it.
    await userEvent.click(await canvas.findByRole('button', { name: t.toolbar.indent }));
    await waitFor(() => expect(block().style.paddingInlineStart).not.toBe(''));
    await userEvent.click(canvas.getByRole('button', { name: t.toolbar.outdent }));
    await waitFor(() => expect(block().style.paddingInlineStart).toBe(''));

    await userEvent.click(canvas.getByRole('button', { name: t.toolbar.lineSpacing }));
    await userEvent.click(await body.findByRole('menuitemradio', { name: '1.5' }));
    await waitFor(() => expect(block().style.lineHeight).toBe('1.5'));
    // The first-line indent it had is kept.
    await expect(block().style.textIndent).toBe('2em');
    await waitFor(() =>
      expect(JSON.stringify((args.onSave as ReturnType<typeof fn>).mock.lastCall?.[0] ?? '')).toContain(
        'line-height: 1.5',
      ),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.toolbar.lineSpacing }));
    await expect(await body.findByRole('menuitemradio', { name: '1.5' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    // The menu gave the focus back to its button: the caret goes back into the line, as a writer's click
    // would put it, before the list buttons act on it.
    await userEvent.click(within(editor).getByText(line));

    const bullets = canvas.getByRole('button', { name: t.toolbar.bulletList });
    const numbers = canvas.getByRole('button', { name: t.toolbar.numberedList });
    await expect(bullets).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(bullets);
    await waitFor(() => expect(block().closest('ul')).not.toBeNull());
    await waitFor(() => expect(bullets).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(numbers);
    await waitFor(() => expect(block().closest('ol')).not.toBeNull());
    await waitFor(() => expect(numbers).toHaveAttribute('aria-pressed', 'true'));
    await expect(bullets).toHaveAttribute('aria-pressed', 'false');
    // The shortcut is the paper's: the caret is put back in the line first.
    await userEvent.click(within(editor).getByText(line));
    await userEvent.keyboard('{Control>}{Shift>}L{/Shift}{/Control}');
    await waitFor(() => expect(block().closest('ul')).not.toBeNull());
    // A list item takes a line spacing too.
    await userEvent.click(canvas.getByRole('button', { name: t.toolbar.lineSpacing }));
    await userEvent.click(await body.findByRole('menuitemradio', { name: '2.0' }));
    await waitFor(() => expect(block().style.lineHeight).toBe('2'));
  },
};

/** A stand-in for the assistant's dock: a card as tall as one holding a three-line question and files. */
function TallDock() {
  return (
    <section
      aria-label="提问区"
      style={{
        width: 'min(680px, calc(100vw - 24px))',
        height: 180,
        boxSizing: 'border-box',
        borderRadius: 12,
        border: '1px solid #8886',
        background: 'Canvas',
      }}
    />
  );
}

/**
 * The floating dock does not hide the document's last lines: scrolled to the end, the last line is above
 * the dock, and so is the caret's line while typing at the end.
 */
export const DockLeavesTheLastLinesClear: Story = {
  args: { initialContent: longContent(), dock: <TallDock /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = paper(canvasElement);
    const stage = canvas.getByRole('region', { name: t.paperRegion });
    const dock = canvas.getByRole('region', { name: '提问区' });
    const last = await within(editor).findByText('最后一段。');
    const clear = () => last.getBoundingClientRect().bottom <= dock.getBoundingClientRect().top;
    stage.scrollTop = stage.scrollHeight;
    await waitFor(() => expect(clear()).toBe(true));
    // Typing at the end keeps the caret's line above the dock as the page scrolls along.
    const input = await realInput();
    await input.click(last);
    stage.scrollTop = 0;
    await input.keyboard('{Control>}{End}{/Control}');
    await input.keyboard('好');
    await waitFor(() => expect(last).toHaveTextContent('最后一段。好'));
    await waitFor(() => expect(clear()).toBe(true));
  },
};
