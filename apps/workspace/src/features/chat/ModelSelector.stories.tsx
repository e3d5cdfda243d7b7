import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ModelSelector } from './ModelSelector';
import type { ChatModel } from './state/types';

const models: ChatModel[] = [
  {
    id: 'deepseek',
    name: 'DeepSeek-V3',
    is_per_call: false,
    input_price_credits: 1,
    output_price_credits: 2,
  },
  { id: 'kimi', name: 'Kimi 长文本', is_per_call: true, fixed_price_credits: 5 },
];

const meta = {
  title: 'Chat/ModelSelector',
  component: ModelSelector,
  args: { models, status: 'ready', selectedId: 'deepseek', onSelect: fn() },
} satisfies Meta<typeof ModelSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithPrices: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('model-price')).toHaveTextContent('输入 1 / 输出 2 积分/千 tokens');
    await userEvent.click(canvas.getByRole('button', { name: /DeepSeek-V3/ }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getByText('每次 5 积分')).toBeVisible());
    await userEvent.click(within(listbox).getByRole('option', { name: /Kimi 长文本/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('kimi');
  },
};

export const PerCallSelected: Story = {
  args: { selectedId: 'kimi' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('model-price')).toHaveTextContent('每次 5 积分');
  },
};

export const Loading: Story = {
  args: { models: [], status: 'loading', selectedId: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('正在加载 AI 模型…')).toBeVisible();
  },
};

export const NoModels: Story = {
  args: { models: [], status: 'ready', selectedId: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('暂无可用模型')).toBeVisible();
  },
};
