import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { PlusIcon, SendIcon, TrashIcon } from '../../icons';
import { StoryColumn, StoryRow } from '../private/StoryLayout';
import { Button, buttonSizes, buttonVariants } from './Button';

const variantLabels = { primary: '新建对话', secondary: '导出', ghost: '更多', danger: '删除' } as const;

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: '保存', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = { args: { variant: 'secondary' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Danger: Story = { args: { variant: 'danger', children: '删除会话' } };

export const VariantsBySize: Story = {
  render: (args) => (
    <StoryColumn>
      {buttonSizes.map((size) => (
        <StoryRow key={size} label={size}>
          {buttonVariants.map((variant) => (
            <Button key={variant} {...args} variant={variant} size={size}>
              {variantLabels[variant]}
            </Button>
          ))}
        </StoryRow>
      ))}
    </StoryColumn>
  ),
};

export const WithIcons: Story = {
  render: (args) => (
    <StoryRow>
      <Button {...args} variant="primary" iconStart={<PlusIcon />}>
        新建对话
      </Button>
      <Button {...args} variant="secondary" iconEnd={<SendIcon />}>
        发送
      </Button>
      <Button {...args} variant="danger" iconStart={<TrashIcon />}>
        删除
      </Button>
    </StoryRow>
  ),
};

export const Disabled: Story = {
  args: { isDisabled: true },
  render: (args) => (
    <StoryRow>
      {buttonVariants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variantLabels[variant]}
        </Button>
      ))}
    </StoryRow>
  ),
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: '新建对话' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true },
  render: (args) => (
    <StoryRow>
      {buttonVariants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variantLabels[variant]}
        </Button>
      ))}
    </StoryRow>
  ),
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: /新建对话/ });
    // A pending button stays focusable (focus is not lost mid-action) but refuses presses.
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getAllByRole('progressbar', { name: '加载中...' })).toHaveLength(
      buttonVariants.length,
    );
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const LongChineseLabel: Story = {
  args: { variant: 'primary', children: '将当前会话的全部内容导出为可编辑的文档并保存到云端' },
  render: (args) => (
    <StoryColumn width="240px">
      <Button {...args} />
      <Button {...args} isFullWidth />
    </StoryColumn>
  ),
};

export const FullWidth: Story = {
  args: { variant: 'primary', isFullWidth: true, children: '登录' },
  render: (args) => (
    <StoryColumn width="320px">
      <Button {...args} />
    </StoryColumn>
  ),
};

export const KeyboardFocus: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: '保存' });
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('data-focus-visible', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};
