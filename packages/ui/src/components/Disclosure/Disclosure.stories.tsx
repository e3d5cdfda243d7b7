import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { StoryColumn } from '../private/StoryLayout';
import { Disclosure, DisclosureGroup } from './Disclosure';

const meta = {
  title: 'Components/Disclosure',
  component: Disclosure,
  args: {
    title: '如何计算积分？',
    children: '按次计费的模型每次扣除固定积分；其他模型按输入和输出的字数分别计费，向上取整。',
    onExpandedChange: fn(),
  },
  decorators: [
    (Story) => (
      <StoryColumn width="420px">
        <Story />
      </StoryColumn>
    ),
  ],
} satisfies Meta<typeof Disclosure>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: '如何计算积分？' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText(/按次计费/)).not.toBeVisible();
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText(/按次计费/)).toBeVisible();
    await expect(args.onExpandedChange).toHaveBeenCalledWith(true);
  },
};

export const Expanded: Story = { args: { defaultExpanded: true } };

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '如何计算积分？' })).toBeDisabled();
  },
};

export const KeyboardToggle: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: '如何计算积分？' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

export const Group: Story = {
  render: (args) => (
    <DisclosureGroup defaultExpandedKeys={['refund']}>
      <Disclosure {...args} id="credits" />
      <Disclosure id="refund" title="中途停止的对话如何计费？">
        中途停止的对话只按已经生成的内容计费。
      </Disclosure>
      <Disclosure id="expire" title="订阅到期后积分会怎样？">
        到期后未使用的积分将被清零，历史会话和文档仍会保留。
      </Disclosure>
    </DisclosureGroup>
  ),
  play: async ({ canvas }) => {
    // Only one section is open at a time in a group.
    await userEvent.click(canvas.getByRole('button', { name: '如何计算积分？' }));
    await expect(canvas.getByRole('button', { name: '中途停止的对话如何计费？' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

export const LongChineseTitle: Story = {
  args: {
    defaultExpanded: true,
    title: '为什么我的积分余额在对话结束后才减少，而不是在发送消息时立即扣除？',
  },
};
