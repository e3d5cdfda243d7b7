import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { TextField } from '../TextField/TextField';
import { Dialog, DialogTrigger, dialogSizes } from './Dialog';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  args: {
    title: '重命名会话',
    children: '为这个会话取一个容易找到的名字。',
    onOpenChange: fn(),
  },
  argTypes: { size: { control: 'inline-radio', options: dialogSizes } },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const footer = (close: () => void) => (
  <>
    <Button onPress={close}>取消</Button>
    <Button variant="primary" onPress={close}>
      保存
    </Button>
  </>
);

export const Open: Story = {
  args: { isOpen: true, footer },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: '重命名会话' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '关闭' })).toBeVisible());
  },
};

export const Sizes: Story = {
  args: { isOpen: true, size: 'lg', footer, title: '大尺寸对话框' },
};

export const SmallWithoutCloseButton: Story = {
  args: { isOpen: true, size: 'sm', showCloseButton: false, footer },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).queryByRole('button', { name: '关闭' })).not.toBeInTheDocument();
  },
};

export const WithForm: Story = {
  args: {
    isOpen: true,
    footer,
    children: <TextField label="会话名称" defaultValue="季度销售数据分析" autoFocus />,
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: '会话名称' })).toHaveFocus());
  },
};

export const LongChineseContent: Story = {
  args: {
    isOpen: true,
    footer,
    title: '关于积分消耗规则与订阅自动续费的重要说明，请在继续之前仔细阅读',
    children:
      '每次对话结束后，系统会按照所选模型的价格扣除积分：按次计费的模型每次扣除固定积分，其他模型按输入和输出的字数分别计费。积分余额不足以支付一次对话的最低费用时，对话将不会开始。中途停止的对话只按已生成的内容计费。订阅到期前，系统会自动续费并发放新的积分额度。',
  },
};

const triggerRender: Story['render'] = (args) => (
  <DialogTrigger>
    <Button>重命名</Button>
    <Dialog {...args} />
  </DialogTrigger>
);

export const OpensFromTrigger: Story = {
  args: { footer },
  render: triggerRender,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog', { name: '重命名会话' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

export const EscapeCloses: Story = {
  args: { footer },
  render: triggerRender,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: '重命名' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back where the user was.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const CloseButtonCloses: Story = {
  args: { footer },
  render: triggerRender,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const BackdropCloses: Story = {
  args: { footer },
  render: triggerRender,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '重命名' }));
    await screen.findByRole('dialog');
    await userEvent.click(document.body, { pointerEventsCheck: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const FocusStaysInside: Story = {
  args: { footer },
  render: triggerRender,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  },
};
