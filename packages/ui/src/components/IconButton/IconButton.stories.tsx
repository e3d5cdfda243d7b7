import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AttachIcon, CloseIcon, CopyIcon, MenuIcon, SendIcon, StopIcon, TrashIcon } from '../../icons';
import { StoryColumn, StoryRow } from '../private/StoryLayout';
import { IconButton, iconButtonShapes, iconButtonSizes, iconButtonVariants } from './IconButton';

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  args: { 'aria-label': '关闭', children: <CloseIcon />, onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: iconButtonVariants },
    size: { control: 'inline-radio', options: iconButtonSizes },
    shape: { control: 'inline-radio', options: iconButtonShapes },
  },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    // The accessible name comes from aria-label, since the button shows only an icon.
    await userEvent.click(canvas.getByRole('button', { name: '关闭' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const VariantsBySize: Story = {
  render: (args) => (
    <StoryColumn>
      {iconButtonSizes.map((size) => (
        <StoryRow key={size} label={size}>
          {iconButtonVariants.map((variant) => (
            <IconButton
              key={variant}
              {...args}
              variant={variant}
              size={size}
              aria-label={`复制（${variant}）`}
            >
              <CopyIcon />
            </IconButton>
          ))}
        </StoryRow>
      ))}
    </StoryColumn>
  ),
};

export const Circle: Story = {
  render: (args) => (
    <StoryRow>
      <IconButton {...args} shape="circle" variant="primary" aria-label="发送">
        <SendIcon />
      </IconButton>
      <IconButton {...args} shape="circle" variant="secondary" aria-label="停止生成">
        <StopIcon />
      </IconButton>
      <IconButton {...args} shape="circle" variant="subtle" aria-label="添加附件">
        <AttachIcon />
      </IconButton>
    </StoryRow>
  ),
};

export const Disabled: Story = {
  args: { isDisabled: true },
  render: (args) => (
    <StoryRow>
      {iconButtonVariants.map((variant) => (
        <IconButton key={variant} {...args} variant={variant} aria-label={`删除（${variant}）`}>
          <TrashIcon />
        </IconButton>
      ))}
    </StoryRow>
  ),
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

export const Pending: Story = {
  args: { isPending: true, variant: 'secondary', 'aria-label': '发送', children: <SendIcon /> },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: /发送/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const KeyboardFocus: Story = {
  args: { 'aria-label': '打开菜单', children: <MenuIcon /> },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: '打开菜单' })).toHaveAttribute(
      'data-focus-visible',
      'true',
    );
  },
};
