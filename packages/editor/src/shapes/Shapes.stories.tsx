import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { defaultShape, defaultTextBox, SHAPE_KINDS } from './shapeModel';

/** 插入 › 文本框 and 插入 › 形状: shapes placed in the text, their text edited in place, their format. */
const meta = {
  title: 'Shapes',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

const paragraph = (children: unknown[]) => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  textFormat: 0,
  textStyle: '',
  children,
});
const text = (value: string) => ({
  type: 'text',
  version: 1,
  text: value,
  format: 0,
  style: '',
  mode: 'normal',
  detail: 0,
});
const shape = (data: object) => ({ type: 'shape', version: 1, ...data });

/** Every kind and a text box, as a saved document shows them. */
const gallery = {
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [
      paragraph([text('形状在文字中，和图片一样占一个位置：')]),
      paragraph([
        shape({ ...defaultShape('rect'), text: '矩形' }),
        text(' '),
        shape({ ...defaultShape('roundRect'), text: '圆角矩形' }),
        text(' '),
        shape({ ...defaultShape('ellipse'), fill: '#ffcc99', stroke: '#c00000', text: '椭圆' }),
      ]),
      paragraph([shape(defaultShape('line')), text(' '), shape({ ...defaultShape('arrow'), height: 30 })]),
      paragraph([shape({ ...defaultTextBox(), text: '文本框：没有填充，细边框，\n文字从左上角开始。' })]),
    ],
  },
};

const editorOf = (editorState: unknown) => (
  <div style={{ height: '100vh' }}>
    <WordEditor
      documentId="shapes"
      initialTitle="形状"
      initialContent={{ version: '2.0.0', editorState: editorState as never }}
      onSave={async () => {}}
      saveDelayMs={50}
    />
  </div>
);

/** The five shapes and a text box on the paper. */
export const Gallery: Story = {
  render: () => editorOf(gallery),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: t.editorLabel });
    for (const kind of SHAPE_KINDS)
      await expect(await canvas.findByRole('img', { name: t.shapes.kinds[kind] })).toBeVisible();
    await expect(canvas.getByRole('img', { name: t.shapes.textBox })).toBeVisible();
    await expect(canvas.getByText(/文字从左上角开始/)).toBeVisible();
  },
};

/**
 * Through the menus: a text box typed in, its text edited again and the edit undone; each shape from the
 * picker (the keyboard reaches it); a fill changed in 形状格式 and undone; a selected shape deleted.
 */
export const InsertFromTheMenu: Story = {
  tags: ['!vrt'],
  render: () => editorOf(null),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    await userEvent.click(editor);
    await userEvent.keyboard('开头');
    const menu = async (name: string, item: string | RegExp) => {
      await userEvent.click(await canvas.findByRole('menuitem', { name }));
      await userEvent.click(await body().findByRole('menuitem', { name: item }));
    };

    // 文本框: the caret goes into its text at once.
    await menu(t.menus.insert, t.insert.textBox);
    const boxText = () => body().findByRole('textbox', { name: t.shapes.editText(t.shapes.textBox) });
    let area = await boxText();
    await waitFor(() => expect(area).toHaveFocus());
    await userEvent.keyboard('你好');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    // The text shows in the box (the box's own text, apart from the paper's).
    await expect(await canvas.findByText('你好', { selector: '.wx-ed-shape-text' })).toBeVisible();
    await expect(editor).toHaveTextContent(/^开头/);
    // Edited again (the 编辑文字 button of the selected box), then the edit undone.
    await userEvent.click(await canvas.findByRole('button', { name: t.shapes.editTextButton }));
    area = await boxText();
    await waitFor(() => expect(area).toHaveFocus());
    await userEvent.keyboard('世界');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(await canvas.findByText('你好世界', { selector: '.wx-ed-shape-text' })).toBeVisible();
    await menu(t.menus.edit, new RegExp(`^${t.edit.undo}`));
    await expect(await canvas.findByText('你好', { selector: '.wx-ed-shape-text' })).toBeVisible();

    // 形状: the picker's first shape has the focus; → moves to the next; Enter inserts.
    await menu(t.menus.insert, t.insert.shape);
    const picker = await body().findByRole('dialog', { name: t.shapes.pickerTitle });
    await waitFor(() =>
      expect(within(picker).getByRole('button', { name: t.shapes.kinds.rect })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(within(picker).getByRole('button', { name: t.shapes.kinds.ellipse })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    const ellipse = await canvas.findByRole('img', { name: t.shapes.kinds.ellipse });
    // The others by a click.
    for (const kind of ['rect', 'roundRect', 'line', 'arrow'] as const) {
      await menu(t.menus.insert, t.insert.shape);
      const dialog = await body().findByRole('dialog', { name: t.shapes.pickerTitle });
      await userEvent.click(within(dialog).getByRole('button', { name: t.shapes.kinds[kind] }));
      await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
      await expect(await canvas.findByRole('img', { name: t.shapes.kinds[kind] })).toBeVisible();
    }

    // 形状格式 of the ellipse: a new fill, then undone.
    const fillOf = () => ellipse.querySelector('ellipse')?.getAttribute('fill');
    await expect(fillOf()).toBe('#c6e0ff');
    await userEvent.click(ellipse);
    await userEvent.click(await canvas.findByRole('button', { name: t.shapes.formatButton }));
    const format = await body().findByRole('dialog', { name: t.shapes.formatTitle });
    await userEvent.click(within(format).getByRole('button', { name: `${t.shapes.fill} #ffcc99` }));
    await userEvent.click(within(format).getByRole('button', { name: t.dialogs.ok }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(fillOf()).toBe('#ffcc99'));
    await menu(t.menus.edit, new RegExp(`^${t.edit.undo}`));
    await waitFor(() => expect(fillOf()).toBe('#c6e0ff'));

    // A selected shape goes with Delete.
    await userEvent.click(canvas.getByRole('img', { name: t.shapes.kinds.arrow }));
    await waitFor(() => expect(canvas.getByRole('button', { name: t.shapes.formatButton })).toBeVisible());
    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(canvas.queryByRole('img', { name: t.shapes.kinds.arrow })).toBeNull());
    await expect(canvas.getByRole('img', { name: t.shapes.kinds.line })).toBeVisible();
  },
};
