import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { SymbolDialog } from './SymbolDialog';

/** 插入 → 符号: the picker on its own, and inserting from the word processor's menu. */
const meta = {
  title: 'Symbols',
  parameters: { layout: 'fullscreen' },
  // Every story starts without recent symbols: none is left by another story or the other theme's run.
  beforeEach: () => {
    localStorage.removeItem('wx-editor-recent-symbols');
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

const onInsert = fn();
/** The categories; a search by Chinese name; arrow keys in the grid; Enter inserts. */
export const Picker: Story = {
  render: () => <SymbolDialog isOpen onOpenChange={() => {}} onInsert={onInsert} />,
  play: async () => {
    onInsert.mockClear();
    const dialog = await body().findByRole('dialog', { name: t.symbols.title });
    const tabs = within(dialog).getByRole('tablist', { name: t.symbols.categories });
    // No recent symbols yet: the first category is Chinese punctuation.
    await expect(within(tabs).getByRole('tab', { name: '中文标点' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(dialog).getByRole('grid', { name: '中文标点' })).toHaveTextContent('《');
    await userEvent.click(within(tabs).getByRole('tab', { name: '希腊字母' }));
    await expect(await within(dialog).findByRole('grid', { name: '希腊字母' })).toHaveTextContent('αβγ');

    // Search by name, then into the grid with ArrowDown: ① → ② → ⑫ (ten to a row), Enter inserts ⑫.
    const search = within(dialog).getByRole('textbox', { name: t.symbols.search });
    await userEvent.type(search, '带圈');
    const grid = await within(dialog).findByRole('grid', { name: t.symbols.results(20) });
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(grid).getByRole('gridcell', { name: /^① / })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    await expect(within(grid).getByRole('gridcell', { name: /^⑫ / })).toHaveFocus();
    await expect(within(dialog).getByText(/⑫\s带圈数字十二 12\sU\+246B/)).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(onInsert).toHaveBeenCalledWith('⑫');

    // Nothing found is said in words.
    await userEvent.clear(search);
    await userEvent.type(search, '不存在的符号');
    await expect(await within(dialog).findByText(t.symbols.noResults('不存在的符号'))).toBeVisible();
    // The character itself is found too.
    await userEvent.clear(search);
    await userEvent.type(search, '℃');
    await expect(await within(dialog).findByRole('gridcell', { name: '℃ 摄氏度' })).toBeVisible();
  },
};

/** From the menu: the symbol goes in at the caret, and the picker opens on 最近使用 the next time. */
export const InsertFromTheMenu: Story = {
  // The blank editor is screenshotted by WordEditor's stories already.
  tags: ['!vrt'],
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="symbols"
        initialTitle="符号"
        initialContent={{ version: '2.0.0', editorState: null }}
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: t.editorLabel });
    await userEvent.click(editor);
    await userEvent.keyboard('温度');
    const open = async () => {
      await userEvent.click(canvas.getByRole('menuitem', { name: t.menus.insert }));
      await userEvent.click(await body().findByRole('menuitem', { name: t.insert.symbol }));
      return body().findByRole('dialog', { name: t.symbols.title });
    };
    let dialog = await open();
    // The search box has the focus: typing searches at once.
    const search = within(dialog).getByRole('textbox', { name: t.symbols.search });
    await waitFor(() => expect(search).toHaveFocus());
    await userEvent.keyboard('摄氏度');
    await within(dialog).findByRole('grid', { name: t.symbols.results(1) });
    // Enter in the search box inserts the first symbol found.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(editor).toHaveTextContent('温度℃'));
    // The caret is after the symbol: typing goes on there.
    await userEvent.keyboard('上升');
    await waitFor(() => expect(editor).toHaveTextContent('温度℃上升'));

    dialog = await open();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: t.symbols.search })).toHaveFocus(),
    );
    const tabs = within(dialog).getByRole('tablist', { name: t.symbols.categories });
    await expect(within(tabs).getByRole('tab', { name: t.symbols.recent })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(dialog).getByRole('grid', { name: t.symbols.recent })).toHaveTextContent('℃');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};
