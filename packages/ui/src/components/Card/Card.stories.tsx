import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ChatIcon, DocumentIcon, PlusIcon, SearchIcon, StockIcon } from '../../icons';
import { Button } from '../Button/Button';
import { StoryColumn } from '../private/StoryLayout';
import { Card, cardPaddings, cardVariants } from './Card';

const meta = {
  title: 'Components/Card',
  component: Card,
  args: {
    title: '季度销售数据分析',
    description: '最后编辑于 2026年11月20日',
    icon: <DocumentIcon />,
  },
  argTypes: {
    variant: { control: 'inline-radio', options: cardVariants },
    padding: { control: 'inline-radio', options: cardPaddings },
  },
  decorators: [
    (Story) => (
      <StoryColumn width="360px">
        <Story />
      </StoryColumn>
    ),
  ],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  render: (args) => (
    <StoryColumn>
      {cardVariants.map((variant) => (
        <Card key={variant} {...args} variant={variant}>
          {`${variant}：卡片正文，可以放任意内容。`}
        </Card>
      ))}
    </StoryColumn>
  ),
};

export const Paddings: Story = {
  render: (args) => (
    <StoryColumn>
      {cardPaddings.map((padding) => (
        <Card key={padding} {...args} padding={padding} icon={undefined} description={`padding ${padding}`} />
      ))}
    </StoryColumn>
  ),
};

export const WithFooter: Story = {
  args: {
    title: '默认计划',
    description: '每月 1000 积分',
    icon: undefined,
    children: '适合日常对话与文档写作。',
    footer: (
      <Button size="sm" variant="primary">
        升级
      </Button>
    ),
  },
};

const suggestions = [
  { icon: <ChatIcon />, title: '创意灵感', description: '为新产品起十个名字' },
  { icon: <DocumentIcon />, title: '撰写文档', description: '起草一份项目周报' },
  { icon: <SearchIcon />, title: '知识问答', description: '解释什么是市盈率' },
  { icon: <StockIcon />, title: '数据分析', description: '分析这份销售表格' },
];

export const PressableSuggestions: Story = {
  args: { onPress: fn() },
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: '12px', width: '560px' }}>
      {suggestions.map((s) => (
        <Card key={s.title} {...s} onPress={args.onPress} />
      ))}
    </div>
  ),
  decorators: [],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /撰写文档/ }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Link: Story = {
  args: { href: '/document/42', title: '空白文档', description: undefined, icon: <PlusIcon /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '空白文档' })).toHaveAttribute('href', '/document/42');
  },
};

export const DisabledPressable: Story = {
  args: { onPress: fn(), isDisabled: true, title: '演示文稿', description: '即将推出' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /演示文稿/ })).toBeDisabled();
  },
};

export const LongChineseContent: Story = {
  args: {
    title: '关于二〇二六年第四季度华东区域渠道销售数据的深度分析与下一年度预测报告',
    description: '最后编辑于 2026年11月20日 · 共 12,480 字 · 已同步到云端',
    children:
      '本报告汇总了华东区域各渠道在第四季度的销售额、毛利率与库存周转情况，并结合宏观数据对下一年度的增长给出三种情景预测。',
  },
};
