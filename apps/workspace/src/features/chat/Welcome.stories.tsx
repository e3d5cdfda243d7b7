import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { chatText } from './messages';
import { Welcome } from './Welcome';

const meta = {
  title: 'Chat/Welcome',
  component: Welcome,
  args: { onPick: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Welcome>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FourSuggestions: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('今天想聊点什么？');
    for (const title of ['创意灵感', '撰写文档', '解答问题', '数据分析']) {
      await expect(canvas.getByRole('button', { name: new RegExp(title) })).toBeVisible();
    }
    await userEvent.click(canvas.getByRole('button', { name: /数据分析/ }));
    await expect(args.onPick).toHaveBeenCalledWith(chatText.suggestions[3].prompt);
  },
};
