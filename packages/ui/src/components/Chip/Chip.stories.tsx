import type { Meta, StoryObj } from '@storybook/react-vite';
import { StockIcon, SuccessIcon, WarningIcon } from '../../icons';
import { StoryColumn, StoryRow } from '../private/StoryLayout';
import { Chip, chipSizes, chipTones, chipVariants } from './Chip';

const toneLabels = {
  neutral: '无数据',
  accent: '盘前分析',
  info: '盘中评估',
  success: '按计划执行',
  warning: '轻仓试探',
  danger: '建议回避',
} as const;

const meta = {
  title: 'Components/Chip',
  component: Chip,
  args: { children: '盘前分析', tone: 'accent' },
  argTypes: {
    tone: { control: 'inline-radio', options: chipTones },
    variant: { control: 'inline-radio', options: chipVariants },
    size: { control: 'inline-radio', options: chipSizes },
  },
} satisfies Meta<typeof Chip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const TonesByVariantAndSize: Story = {
  render: (args) => (
    <StoryColumn>
      {chipVariants.flatMap((variant) =>
        chipSizes.map((size) => (
          <StoryRow key={`${variant}-${size}`} label={`${variant} ${size}`}>
            {chipTones.map((tone) => (
              <Chip key={tone} {...args} tone={tone} variant={variant} size={size}>
                {toneLabels[tone]}
              </Chip>
            ))}
          </StoryRow>
        )),
      )}
    </StoryColumn>
  ),
};

export const WithIcons: Story = {
  render: () => (
    <StoryRow>
      <Chip tone="success" icon={<SuccessIcon />}>
        已订阅
      </Chip>
      <Chip tone="warning" icon={<WarningIcon />}>
        订阅已过期
      </Chip>
      <Chip tone="info" icon={<StockIcon />} size="md">
        震荡偏多
      </Chip>
    </StoryRow>
  ),
};

export const LongChineseLabelTruncates: Story = {
  args: { children: '已订阅，有效期至 2026年12月31日，到期后将自动续费并发放新的积分额度', tone: 'success' },
  decorators: [
    (Story) => (
      <div style={{ width: '220px' }}>
        <Story />
      </div>
    ),
  ],
};
