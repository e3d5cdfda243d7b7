import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StoryColumn, StoryRow } from '../private/StoryLayout';
import { Badge, badgeTones, badgeVariants } from './Badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: '12' },
  argTypes: {
    tone: { control: 'inline-radio', options: badgeTones },
    variant: { control: 'inline-radio', options: badgeVariants },
  },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const TonesByVariant: Story = {
  render: (args) => (
    <StoryColumn>
      {badgeVariants.map((variant) => (
        <StoryRow key={variant} label={variant}>
          {badgeTones.map((tone) => (
            <Badge key={tone} {...args} tone={tone} variant={variant} />
          ))}
          {badgeTones.map((tone) => (
            <Badge key={`${tone}-word`} tone={tone} variant={variant}>
              新
            </Badge>
          ))}
        </StoryRow>
      ))}
    </StoryColumn>
  ),
};

export const LargeCount: Story = { args: { children: '999+', tone: 'accent', variant: 'solid' } };

export const LabelledCount: Story = {
  args: { children: '10', 'aria-label': '10 个会话' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('10 个会话')).toBeInTheDocument();
    await expect(canvas.getByText('10')).toHaveAttribute('aria-hidden', 'true');
  },
};
