import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button/Button';
import { StoryColumn } from '../private/StoryLayout';
import { TextField } from './TextField';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  args: { label: '邮箱', placeholder: 'name@example.com', onChange: fn() },
  decorators: [
    (Story) => (
      <StoryColumn width="320px">
        <Story />
      </StoryColumn>
    ),
  ],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: '邮箱' });
    await userEvent.type(input, 'li@wanxiang.cn');
    await expect(input).toHaveValue('li@wanxiang.cn');
    await expect(args.onChange).toHaveBeenLastCalledWith('li@wanxiang.cn');
  },
};

export const WithDescription: Story = {
  args: { label: '昵称', description: '可选，将显示在侧边栏的用户菜单中。', placeholder: '例如：小明' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: '昵称' })).toHaveAccessibleDescription(
      '可选，将显示在侧边栏的用户菜单中。',
    );
  },
};

export const Required: Story = { args: { isRequired: true } };

export const Filled: Story = { args: { defaultValue: 'li@wanxiang.cn' } };

export const Invalid: Story = {
  args: { isInvalid: true, defaultValue: 'li@', errorMessage: '请输入有效的邮箱地址' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: '邮箱' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('请输入有效的邮箱地址');
  },
};

export const ValidationOnSubmit: Story = {
  args: { isRequired: true, errorMessage: '请填写邮箱', validationBehavior: 'native' },
  render: (args) => (
    <form onSubmit={(event) => event.preventDefault()}>
      <StoryColumn>
        <TextField {...args} />
        <Button type="submit" variant="primary">
          提交
        </Button>
      </StoryColumn>
    </form>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '提交' }));
    await expect(canvas.getByText('请填写邮箱')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'li@wanxiang.cn' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: '邮箱' })).toBeDisabled();
  },
};

export const Multiline: Story = {
  args: { label: '反馈', multiline: true, rows: 4, placeholder: '请描述你遇到的问题…' },
};

export const LongChineseLabel: Story = {
  args: {
    label: '请输入你在注册时使用的企业邮箱地址，我们会向该地址发送验证邮件',
    description: '如果没有收到邮件，请检查垃圾邮件文件夹，或在五分钟后重新发送验证邮件。',
  },
};
