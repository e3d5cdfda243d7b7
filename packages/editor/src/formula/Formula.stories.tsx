import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';

/** 插入 › 公式: a formula typed or taken from a template, typeset by KaTeX, clicked to edit. */
const meta = {
  title: 'Formula',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/**
 * Through the menu: the 分数 template, a mistake said in Chinese beside the preview, the formula inserted
 * and typeset in the text; a click opens it again, 取消 keeps it, and 独立成行 makes it a centred block.
 */
export const InsertAndEdit: Story = {
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="formula"
        initialTitle="公式"
        initialContent={{ version: '2.0.0', editorState: null }}
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    await userEvent.click(editor);
    await userEvent.keyboard('比例为');
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.insert }));
    await userEvent.click(await body().findByRole('menuitem', { name: new RegExp(`^${t.insert.formula}`) }));
    const dialog = await body().findByRole('dialog', { name: t.formula.insertTitle });
    const source = within(dialog).getByRole('textbox', { name: t.formula.source });
    await waitFor(() => expect(source).toHaveFocus());

    // A template goes in at the caret, and the preview typesets it.
    await userEvent.click(await within(dialog).findByRole('button', { name: t.formula.template.fraction }));
    await expect(source).toHaveValue('\\frac{a}{b}');
    const preview = within(dialog).getByTestId('formula-preview');
    await waitFor(() => expect(preview.querySelector('.katex .mfrac')).not.toBeNull());

    // A mistake is said in Chinese beside the preview, not thrown; undone, it goes away.
    await userEvent.type(source, '{{');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(/有误/));
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(''));

    await userEvent.click(within(dialog).getByRole('button', { name: t.formula.insert }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    const formula = await canvas.findByRole('img', { name: t.formula.label('\\frac{a}{b}') });
    await waitFor(() => expect(formula.querySelector('.katex .mfrac')).not.toBeNull());
    await expect(formula).toHaveAttribute('data-formula', 'inline');
    // The caret is after the formula: typing goes on there.
    await userEvent.keyboard('。');
    await waitFor(() => expect(editor).toHaveTextContent(/比例为.*。$/));

    // A click opens it to edit; 取消 leaves it as it was.
    await userEvent.click(formula);
    let edit = await body().findByRole('dialog', { name: t.formula.editTitle });
    const editSource = within(edit).getByRole('textbox', { name: t.formula.source });
    await expect(editSource).toHaveValue('\\frac{a}{b}');
    await userEvent.type(editSource, '+1');
    await userEvent.click(within(edit).getByRole('button', { name: t.dialogs.cancel }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('img', { name: t.formula.label('\\frac{a}{b}') })).toBeVisible();

    // Opened again: 独立成行 makes it a display formula, a block of its own.
    await userEvent.click(canvas.getByRole('img', { name: t.formula.label('\\frac{a}{b}') }));
    edit = await body().findByRole('dialog', { name: t.formula.editTitle });
    await userEvent.click(within(edit).getByRole('button', { name: new RegExp(t.formula.mode) }));
    await userEvent.click(await body().findByRole('option', { name: t.formula.display }));
    await userEvent.click(within(edit).getByRole('button', { name: t.formula.update }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: t.formula.label('\\frac{a}{b}') })).toHaveAttribute(
        'data-formula',
        'display',
      ),
    );
    const block = canvasElement.querySelector('.wx-ed-formula-block');
    await expect(block?.querySelector('.katex-display')).not.toBeNull();
  },
};
