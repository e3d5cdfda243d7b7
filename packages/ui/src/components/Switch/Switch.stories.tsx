import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { StoryColumn } from '../private/StoryLayout';
import { Switch } from './Switch';

const meta = {
  title: 'Components/Switch',
  component: Switch,
  args: { children: '联网搜索', onChange: fn() },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvas, args }) => {
    const control = canvas.getByRole('switch', { name: '联网搜索' });
    await expect(control).not.toBeChecked();
    await userEvent.click(canvas.getByText('联网搜索'));
    await expect(control).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledWith(true);
  },
};

export const On: Story = { args: { defaultSelected: true } };

export const Disabled: Story = {
  render: (args) => (
    <StoryColumn>
      <Switch {...args} isDisabled />
      <Switch {...args} isDisabled defaultSelected />
    </StoryColumn>
  ),
  play: async ({ canvas }) => {
    for (const control of canvas.getAllByRole('switch')) await expect(control).toBeDisabled();
  },
};

/** Read-only: focusable and hoverable (so a tooltip can say why), but it does not change. */
export const ReadOnly: Story = {
  render: (args) => (
    <StoryColumn>
      <Switch {...args} isReadOnly />
      <Switch {...args} isReadOnly defaultSelected />
    </StoryColumn>
  ),
  play: async ({ canvas, args }) => {
    const [off] = canvas.getAllByRole('switch');
    await userEvent.click(canvas.getAllByText('联网搜索')[0] as HTMLElement);
    await expect(off).not.toBeChecked();
    await expect(args.onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    await expect(off).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(off).not.toBeChecked();
  },
};

export const LongChineseLabel: Story = {
  args: { children: '在回答时自动检索最新的网络信息，并在回答末尾列出引用来源' },
  decorators: [
    (Story) => (
      <StoryColumn width="260px">
        <Story />
      </StoryColumn>
    ),
  ],
};

export const KeyboardToggle: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('switch', { name: '联网搜索' })).toBeChecked();
  },
};
