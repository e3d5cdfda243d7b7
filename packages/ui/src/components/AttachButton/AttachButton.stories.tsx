import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryRow } from '../private/StoryLayout';
import { AttachButton } from './AttachButton';

const meta = {
  title: 'Components/AttachButton',
  component: AttachButton,
  args: { label: '添加附件', accept: 'image/png,.md,.pdf', onFiles: fn() },
  decorators: [
    (Story) => (
      <StoryRow>
        <Story />
      </StoryRow>
    ),
  ],
} satisfies Meta<typeof AttachButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The system's picker opens on a press; the files picked reach the composer, several at once. */
export const PicksFiles: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: '添加附件' });
    const picker = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('no file input');
    await expect(picker).toHaveAttribute('accept', 'image/png,.md,.pdf');
    await expect(picker.multiple).toBe(true);
    // The input is out of the tab order and of the accessibility tree: the button is the one control.
    await expect(picker).not.toBeVisible();
    let opened = 0;
    picker.addEventListener('click', (event) => {
      opened += 1;
      // A real picker would open here; the story stands in for the user's choice instead.
      event.preventDefault();
    });
    await userEvent.click(button);
    await expect(opened).toBe(1);
    const files = new DataTransfer();
    files.items.add(new File(['# 纪要'], '会议纪要.md', { type: 'text/markdown' }));
    files.items.add(new File(['%PDF-1.7'], '报告.pdf', { type: 'application/pdf' }));
    picker.files = files.files;
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    await expect(args.onFiles).toHaveBeenCalledTimes(1);
    const picked = (args.onFiles as ReturnType<typeof fn>).mock.calls[0]?.[0] as File[];
    await expect(picked.map((file) => file.name)).toEqual(['会议纪要.md', '报告.pdf']);
  },
};

/** While an answer streams or files upload, the button waits. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: '添加附件' })).toBeDisabled();
  },
};
