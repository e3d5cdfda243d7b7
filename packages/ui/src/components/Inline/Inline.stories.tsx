import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { spaceScale } from '../../styles/space';
import { Tile } from '../private/LayoutStoryParts';
import { StoryColumn } from '../private/StoryLayout';
import { Inline, inlineAligns, inlineJustifies } from './Inline';

const meta = {
  title: 'Layout/Inline',
  component: Inline,
  args: { gap: 'sm', align: 'center', justify: 'start', wrap: false },
  argTypes: {
    gap: { control: 'select', options: spaceScale },
    align: { control: 'inline-radio', options: inlineAligns },
    justify: { control: 'inline-radio', options: inlineJustifies },
  },
} satisfies Meta<typeof Inline>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <div style={{ width: '360px' }}>
      <Inline {...args}>
        <Tile>第一项</Tile>
        <Tile height="56px">较高的一项</Tile>
        <Tile>第三项</Tile>
      </Inline>
    </div>
  ),
  play: async ({ canvas }) => {
    const first = canvas.getByText('第一项').getBoundingClientRect();
    const third = canvas.getByText('第三项').getBoundingClientRect();
    // Side by side, centred in the row's height.
    await expect(third.left).toBeGreaterThan(first.right);
    await expect(Math.abs(third.top - first.top)).toBeLessThan(1);
  },
};

/** `between` pushes the ends apart (a toolbar); each justification, then a row that wraps. */
export const JustifyAndWrap: Story = {
  render: () => (
    <StoryColumn width="360px">
      {inlineJustifies.map((justify) => (
        <Inline key={justify} justify={justify} aria-label={justify}>
          <Tile>{justify}</Tile>
          <Tile>末项</Tile>
        </Inline>
      ))}
      <Inline wrap gap="xs">
        {['上证指数', '深证成指', '创业板指', '科创50', '北证50', '沪深300', '中证500'].map((name) => (
          <Tile key={name}>{name}</Tile>
        ))}
      </Inline>
    </StoryColumn>
  ),
  play: async ({ canvas }) => {
    const row = canvas.getByLabelText('between').getBoundingClientRect();
    const last = canvas.getAllByText('末项')[3]?.getBoundingClientRect();
    await expect(Math.abs((last?.right ?? 0) - row.right)).toBeLessThan(1);
  },
};
