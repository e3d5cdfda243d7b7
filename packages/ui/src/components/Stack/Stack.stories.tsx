import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { spaceScale } from '../../styles/space';
import { lightTokens } from '../../theme/tokens';
import { Tile } from '../private/LayoutStoryParts';
import { StoryRow } from '../private/StoryLayout';
import { Stack, stackAligns } from './Stack';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: { gap: 'md', align: 'stretch' },
  argTypes: {
    gap: { control: 'select', options: spaceScale },
    align: { control: 'inline-radio', options: stackAligns },
  },
} satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <div style={{ width: '240px' }}>
      <Stack {...args} aria-label="示例">
        <Tile>第一项</Tile>
        <Tile>第二项</Tile>
        <Tile>第三项</Tile>
      </Stack>
    </div>
  ),
  play: async ({ canvas, args }) => {
    const stack = canvas.getByLabelText('示例');
    await expect(getComputedStyle(stack).rowGap).toBe(lightTokens.space[args.gap ?? 'md']);
    const [first, second] = [canvas.getByText('第一项'), canvas.getByText('第二项')];
    await expect(second.getBoundingClientRect().top).toBeGreaterThan(first.getBoundingClientRect().bottom);
  },
};

/** Every gap of the scale from xs up, and the alignments across the stack. */
export const GapsAndAlignments: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '24px' }}>
      <StoryRow>
        {spaceScale.slice(2).map((gap) => (
          <Stack key={gap} gap={gap}>
            <Tile>{gap}</Tile>
            <Tile>{gap}</Tile>
          </Stack>
        ))}
      </StoryRow>
      <StoryRow>
        {stackAligns.map((align) => (
          <div key={align} style={{ width: '140px' }}>
            <Stack align={align} gap="xs">
              <Tile>{align}</Tile>
              <Tile>较长的一项</Tile>
            </Stack>
          </div>
        ))}
      </StoryRow>
    </div>
  ),
};
