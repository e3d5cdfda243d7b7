import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { StoryColumn } from '../private/StoryLayout';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  args: { children: '记住我', onChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: '记住我' });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(canvas.getByText('记住我'));
    await expect(checkbox).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledWith(true);
  },
};

export const Checked: Story = { args: { defaultSelected: true } };

export const Indeterminate: Story = {
  args: { isIndeterminate: true, children: '全选' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: '全选' })).toHaveProperty('indeterminate', true);
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, children: '我已阅读并同意服务条款' },
  render: (args) => (
    <StoryColumn>
      <Checkbox {...args} />
      <Checkbox {...args} defaultSelected />
    </StoryColumn>
  ),
};

export const Disabled: Story = {
  render: (args) => (
    <StoryColumn>
      <Checkbox {...args} isDisabled />
      <Checkbox {...args} isDisabled defaultSelected />
    </StoryColumn>
  ),
  play: async ({ canvas, args }) => {
    const [first] = canvas.getAllByRole('checkbox');
    await expect(first).toBeDisabled();
    await userEvent.click(canvas.getAllByText('记住我')[0] as HTMLElement, { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const LongChineseLabel: Story = {
  args: {
    children: '我已阅读并同意《万象用户服务协议》和《隐私政策》，并了解积分消耗规则与订阅自动续费的相关说明',
  },
  decorators: [
    (Story) => (
      <StoryColumn width="280px">
        <Story />
      </StoryColumn>
    ),
  ],
};

export const KeyboardToggle: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const checkbox = canvas.getByRole('checkbox', { name: '记住我' });
    await expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
  },
};
