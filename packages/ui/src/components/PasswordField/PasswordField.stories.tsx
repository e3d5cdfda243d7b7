import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { StoryColumn } from '../private/StoryLayout';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  args: { label: '密码', defaultValue: 'wanxiang-2026' },
  decorators: [
    (Story) => (
      <StoryColumn width="320px">
        <Story />
      </StoryColumn>
    ),
  ],
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('密码', { selector: 'input' });
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: '显示密码' })).toBeVisible();
  },
};

export const ToggleShowsPassword: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('密码', { selector: 'input' });
    await userEvent.click(canvas.getByRole('button', { name: '显示密码' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('wanxiang-2026');
    // The toggle now offers the opposite action, and toggles back.
    await userEvent.click(canvas.getByRole('button', { name: '隐藏密码' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Revealed: Story = { args: { defaultRevealed: true } };

export const Empty: Story = { args: { defaultValue: undefined, placeholder: '至少 8 位' } };

export const WithDescription: Story = {
  args: { label: '新密码', description: '至少 8 位，包含字母和数字。', autoComplete: 'new-password' },
};

export const Invalid: Story = {
  args: { isInvalid: true, defaultValue: '123', errorMessage: '密码至少需要 8 位' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('密码', { selector: 'input' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('密码至少需要 8 位')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('密码', { selector: 'input' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: '显示密码' })).toBeDisabled();
  },
};

export const KeyboardToggle: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('密码', { selector: 'input' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: '显示密码' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'text');
  },
};
