import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from '../Badge/Badge';
import { StoryColumn } from '../private/StoryLayout';
import { VisuallyHidden, visuallyHiddenElements } from './VisuallyHidden';

const meta = {
  title: 'Layout/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: '仅供屏幕阅读器朗读的文字' },
  argTypes: { as: { control: 'select', options: visuallyHiddenElements } },
} satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The hidden text takes no room: the visible lines above and below it touch as if it were not there. */
export const Default: Story = {
  render: (args) => (
    <StoryColumn>
      <span>可见的上一行</span>
      <VisuallyHidden {...args} />
      <span>可见的下一行</span>
    </StoryColumn>
  ),
  play: async ({ canvas }) => {
    const hidden = canvas.getByText('仅供屏幕阅读器朗读的文字');
    await expect(hidden).toBeInTheDocument();
    const box = hidden.getBoundingClientRect();
    await expect(box.width).toBeLessThanOrEqual(1);
    await expect(box.height).toBeLessThanOrEqual(1);
  },
};

/** A page's heading that the layout makes plain to the eye, and a live region announcing a change. */
export const HeadingAndStatus: Story = {
  render: () => (
    <StoryColumn>
      <VisuallyHidden as="h1">AI 对话</VisuallyHidden>
      <VisuallyHidden as="div" role="status">
        回答已生成
      </VisuallyHidden>
      <Badge aria-label="10 个会话">10</Badge>
    </StoryColumn>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'AI 对话' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('回答已生成');
  },
};
