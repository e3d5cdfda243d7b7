import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { StoryColumn } from '../private/StoryLayout';
import { Alert, alertTones, alertVariants } from './Alert';

const toneTexts = {
  neutral: ['提示', '对话已中断'],
  info: ['新功能', '文档支持导出为 PDF 与 DOCX。'],
  success: ['已保存', '文档已同步到云端。'],
  warning: ['积分不足', '当前余额不足以完成一次对话，请充值或切换模型。'],
  danger: ['对话失败', '对话失败: 上游服务超时'],
} as const;

const meta = {
  title: 'Components/Alert',
  component: Alert,
  args: { tone: 'danger', children: '加载数据失败，请刷新页面重试' },
  argTypes: {
    tone: { control: 'inline-radio', options: alertTones },
    variant: { control: 'inline-radio', options: alertVariants },
  },
  decorators: [
    (Story) => (
      <StoryColumn width="560px">
        <Story />
      </StoryColumn>
    ),
  ],
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Tones: Story = {
  render: (args) => (
    <StoryColumn>
      {alertTones.map((tone) => (
        <Alert key={tone} {...args} tone={tone} title={toneTexts[tone][0]}>
          {toneTexts[tone][1]}
        </Alert>
      ))}
    </StoryColumn>
  ),
  play: async ({ canvas }) => {
    // Danger and warning interrupt; the rest are polite.
    await expect(canvas.getAllByRole('alert')).toHaveLength(2);
    await expect(canvas.getAllByRole('status')).toHaveLength(3);
    // The tone is announced in words, not only shown in colour.
    await expect(canvas.getByRole('img', { name: '警告' })).toBeInTheDocument();
  },
};

export const WithoutTitle: Story = {
  render: (args) => (
    <StoryColumn>
      {alertTones.map((tone) => (
        <Alert key={tone} {...args} tone={tone}>
          {toneTexts[tone][1]}
        </Alert>
      ))}
    </StoryColumn>
  ),
};

export const WithAction: Story = {
  args: { actionLabel: '刷新', onAction: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '刷新' }));
    await expect(args.onAction).toHaveBeenCalledOnce();
  },
};

export const Dismissible: Story = {
  args: { tone: 'info', children: '文档支持导出为 PDF 与 DOCX。', onDismiss: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '关闭' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

export const Banner: Story = {
  args: {
    variant: 'banner',
    children: '对话失败: 网络连接已断开',
    onDismiss: fn(),
    actionLabel: '重试',
    onAction: fn(),
  },
};

export const LongChineseText: Story = {
  args: {
    tone: 'warning',
    title: '订阅即将到期',
    children:
      '你的订阅将在三天后到期。到期后，未使用的积分将被清零，历史会话和文档仍会保留。如需继续使用高级模型，请在到期前续订；如果已经开启自动续费，则无需任何操作。',
    actionLabel: '立即续订',
    onAction: fn(),
    onDismiss: fn(),
  },
};
