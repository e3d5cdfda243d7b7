import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';

/** 插入 → 水平线: a rule across the column, between what was typed before and after it. */
const meta = {
  title: 'HorizontalRule',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const InsertFromTheMenu: Story = {
  // The blank editor is screenshotted by WordEditor's stories already.
  tags: ['!vrt'],
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="rule"
        initialTitle="水平线"
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
    await userEvent.keyboard('上文');
    await userEvent.click(canvas.getByRole('menuitem', { name: t.menus.insert }));
    const item = await within(document.body).findByRole('menuitem', { name: t.insert.horizontalLine });
    await expect(item).not.toHaveAttribute('aria-disabled');
    await userEvent.click(item);
    const rule = await waitFor(() => {
      const found = editor.querySelector('hr');
      expect(found).not.toBeNull();
      return found as HTMLHRElement;
    });
    // The caret waits in the paragraph after the rule.
    await userEvent.keyboard('下文');
    await waitFor(() => expect(rule.nextElementSibling).toHaveTextContent('下文'));
    await expect(rule.previousElementSibling).toHaveTextContent('上文');
    // The rule spans the column.
    await expect(Math.abs(rule.getBoundingClientRect().width - editor.clientWidth)).toBeLessThan(80);
  },
};
