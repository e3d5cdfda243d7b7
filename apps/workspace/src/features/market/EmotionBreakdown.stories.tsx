import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { EmotionBreakdown } from './EmotionBreakdown';
import { explainedDay } from './emotionFixtures';
import * as styles from './MarketBoard.css';

const meta = {
  title: 'Market/EmotionBreakdown',
  component: EmotionBreakdown,
  args: {
    at: '11月25日周三',
    value: explainedDay.value,
    scores: explainedDay.scores,
    inputs: explainedDay.inputs,
  },
  decorators: [
    (Story) => (
      <main className={styles.page}>
        <div className={styles.chartCell}>
          <Story />
        </div>
      </main>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof EmotionBreakdown>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tab until the button named `name` has the focus, as a keyboard user reaches it. */
async function tabTo(name: RegExp) {
  const target = screen.getByRole('button', { name });
  for (let i = 0; i < 12 && document.activeElement !== target; i += 1) await userEvent.tab();
  await expect(target).toHaveFocus();
}

/** Each number is a button that opens its explanation: 连板高度 0.00 beside 2 板 says why it is 0. */
export const ExplainSubScore: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2 板')).toBeVisible();
    await tabTo(/^连板高度 0\.00，查看计算说明$/);
    await userEvent.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: '连板高度 0.00' });
    await expect(popover).toHaveTextContent('市场最高连板数（空间板高度），8 板封顶');
    await expect(popover).toHaveTextContent(
      '最高连板 2 板；2 板记 0 分，8 板记 100 分，其间线性折算，超出按 0 或 100 计',
    );
    // 晋级率 is missing today, so the others share its 0.1: 连板高度's 0.15 counts for 0.15 / 0.9.
    await expect(popover).toHaveTextContent('权重 0.15（今日有分项缺数据，实际占 16.67%）');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the number once the popover has gone.
    await waitFor(() => expect(screen.getByRole('button', { name: /^连板高度 0\.00/ })).toHaveFocus());

    // A missing sub-score says so, and where its weight went.
    await tabTo(/^晋级率 暂无/);
    await userEvent.keyboard('{Enter}');
    const missing = await screen.findByRole('dialog', { name: '晋级率 暂无' });
    await expect(missing).toHaveTextContent('今日缺少该分项的输入');
    await expect(missing).toHaveTextContent('其权重由其余分项分摊');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** 情绪值 explains itself: the weighted mean of the sub-scores that exist. */
export const ExplainValue: Story = {
  tags: ['!vrt'],
  play: async () => {
    await tabTo(/^情绪值 40\.59，查看计算说明$/);
    await userEvent.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: '情绪值 40.59' });
    await expect(popover).toHaveTextContent('情绪值 = Σ 权重 × 分项得分 ÷ Σ 权重');
    await expect(popover).toHaveTextContent('今日情绪值 40.59，由 6 个有数据的分项加权得出。');
    await expect(popover).toHaveTextContent('晋级率缺少输入，其权重由其余分项按比例分摊。');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
