import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StoryRow } from '../private/StoryLayout';
import { Spinner, spinnerSizes } from './Spinner';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    // Announced politely, with the catalogue's text even when it is not shown.
    await expect(canvas.getByRole('status')).toHaveTextContent('加载中...');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <StoryRow>
      {spinnerSizes.map((size) => (
        <Spinner key={size} {...args} size={size} label={`加载中（${size}）`} />
      ))}
    </StoryRow>
  ),
};

export const WithVisibleLabel: Story = {
  args: { showLabel: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('加载中...')).toBeVisible();
  },
};

export const PageLoading: Story = {
  args: { showLabel: true, stacked: true, size: 'lg' },
  parameters: { layout: 'centered' },
};

export const CustomLabel: Story = {
  args: { showLabel: true, label: '正在加载 AI 模型…' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('正在加载 AI 模型…');
  },
};
