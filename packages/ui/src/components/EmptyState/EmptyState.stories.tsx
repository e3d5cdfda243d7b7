import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ChatIcon, DocumentIcon, PlusIcon } from '../../icons';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: {
    icon: <DocumentIcon />,
    title: '还没有文档',
    description: '新建一篇文档，AI 写作助手会帮你起草、续写和润色。',
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

const onCreate = fn();

export const WithAction: Story = {
  args: {
    action: (
      <Button variant="primary" iconStart={<PlusIcon />} onPress={onCreate}>
        新建文档
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    onCreate.mockClear();
    await expect(canvas.getByRole('heading', { level: 2, name: '还没有文档' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '新建文档' }));
    await expect(onCreate).toHaveBeenCalledOnce();
  },
};

export const TitleOnly: Story = { args: { icon: undefined, description: undefined, title: '暂无推荐个股' } };

export const WithoutAction: Story = {
  args: { icon: <ChatIcon />, title: '暂无会话', description: '发送第一条消息后，会话会出现在这里。' },
};

export const LongChineseText: Story = {
  args: {
    title: '该日期暂无策略报告数据，今日策略尚未运行',
    description:
      '策略会在交易日的盘前、早盘、午后和盘后依次运行，每个节点完成后报告会自动出现在这里；非交易日不会生成新的报告。',
  },
};
