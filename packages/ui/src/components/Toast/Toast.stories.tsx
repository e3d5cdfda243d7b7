import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { CopyIcon } from '../../icons';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { StoryRow } from '../private/StoryLayout';
import { ToastRegion } from './ToastRegion';
import { toast, toastQueue, toastTones } from './toastQueue';

/** Each tone's adder (`toast.error` adds the danger tone) and a message it would carry. */
const adders = [
  { adder: 'info', tone: 'info', message: '对话已中断' },
  { adder: 'success', tone: 'success', message: '文档已保存到云端' },
  { adder: 'warning', tone: 'warning', message: '积分即将用完，请及时充值' },
  { adder: 'error', tone: 'danger', message: '删除会话失败' },
] as const satisfies readonly {
  adder: keyof typeof toast;
  tone: (typeof toastTones)[number];
  message: string;
}[];

const meta = {
  title: 'Components/Toast',
  component: ToastRegion,
  parameters: { layout: 'fullscreen' },
  // The queue is shared by the whole app; every story starts and ends with it empty.
  beforeEach: () => {
    toastQueue.clear();
    return () => toastQueue.clear();
  },
  render: () => (
    <div style={{ padding: '16px', minHeight: '420px' }}>
      <StoryRow>
        {adders.map(({ adder, message }) => (
          <Button key={adder} onPress={() => toast[adder](message, { timeout: 0 })}>
            {`显示${adder}`}
          </Button>
        ))}
      </StoryRow>
      <ToastRegion />
    </div>
  ),
} satisfies Meta<typeof ToastRegion>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async () => {
    // With nothing queued, the region is not rendered at all.
    await expect(screen.queryByRole('region', { name: '通知' })).not.toBeInTheDocument();
  },
};

export const Tones: Story = {
  play: async ({ canvas }) => {
    for (const { adder } of adders)
      await userEvent.click(canvas.getByRole('button', { name: `显示${adder}` }));
    const region = await screen.findByRole('region', { name: '通知' });
    // Every tone has its adder.
    await expect(adders.map(({ tone }) => tone)).toEqual([...toastTones]);
    for (const { message } of adders) await expect(within(region).getByText(message)).toBeInTheDocument();
    // Each toast says its tone in words (the icon's label), not only in colour.
    await expect(within(region).getByRole('img', { name: '错误' })).toBeInTheDocument();
  },
};

export const WithTitle: Story = {
  play: async () => {
    toast.error('上游服务超时，请稍后重试。', { title: '对话失败', timeout: 0 });
    const region = await screen.findByRole('region', { name: '通知' });
    await expect(within(region).getByRole('alertdialog', { name: '对话失败' })).toBeInTheDocument();
  },
};

export const Dismiss: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '显示info' }));
    const region = await screen.findByRole('region', { name: '通知' });
    await userEvent.click(within(region).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByText(adders[0].message)).not.toBeInTheDocument());
  },
};

export const AutoDismiss: Story = {
  render: () => (
    <div style={{ padding: '16px', minHeight: '420px' }}>
      <IconButton aria-label="复制回答" onPress={() => toast.success('已复制', { timeout: 400 })}>
        <CopyIcon />
      </IconButton>
      <ToastRegion />
    </div>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '复制回答' }));
    await expect(await screen.findByText('已复制')).toBeInTheDocument();
    // The timeout closes it without any interaction (the pointer is moved away so it does not pause).
    await userEvent.unhover(canvas.getByRole('button', { name: '复制回答' }));
    await waitFor(() => expect(screen.queryByText('已复制')).not.toBeInTheDocument());
  },
};

export const LongChineseMessage: Story = {
  play: async () => {
    toast.warning(
      '你的订阅将在三天后到期。到期后未使用的积分将被清零，历史会话和文档仍会保留；如需继续使用高级模型，请在到期前续订。',
      { title: '订阅即将到期', timeout: 0 },
    );
    await screen.findByRole('region', { name: '通知' });
  },
};
