import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ThemeSwitcher } from './ThemeSwitcher';

/*
 * The stories control the preference (args) instead of letting the switcher store it: a stored choice
 * would repaint <html> and leak into the stories that run after this one.
 */
const meta = {
  title: 'Shell/ThemeSwitcher',
  component: ThemeSwitcher,
  args: { preference: 'system', onPreferenceChange: fn() },
} satisfies Meta<typeof ThemeSwitcher>;
export default meta;
type Story = StoryObj<typeof meta>;

export const System: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radio', { name: '跟随系统' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: '深色' }));
    await expect(args.onPreferenceChange).toHaveBeenCalledWith('dark');
  },
};

export const Light: Story = { args: { preference: 'light' } };
export const Dark: Story = { args: { preference: 'dark' } };

export const IconOnly: Story = {
  args: { iconOnly: true },
  play: async ({ canvas }) => {
    // Without visible words the options keep their names for screen readers.
    await expect(canvas.getByRole('radio', { name: '浅色' })).toBeInTheDocument();
  },
};

export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '浅色' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard(' ');
    await expect(args.onPreferenceChange).toHaveBeenCalledWith('dark');
    await expect(canvas.getByRole('radio', { name: '深色' })).toHaveFocus();
  },
};
