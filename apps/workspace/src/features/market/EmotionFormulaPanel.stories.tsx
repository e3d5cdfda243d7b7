import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { EmotionFormulaPanel } from './EmotionFormulaPanel';
import { explainedDay, explainedPrevious } from './emotionFixtures';
import * as styles from './MarketBoard.css';

const meta = {
  title: 'Market/EmotionFormulaPanel',
  component: EmotionFormulaPanel,
  args: { day: explainedDay, previous: explainedPrevious, at: '11月25日周三' },
  decorators: [
    (Story) => (
      <main className={styles.page}>
        <Story />
      </main>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof EmotionFormulaPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 指标说明, opened by the keyboard: the formula, the seven components with the day's inputs, the stages. */
export const FormulaPanel: Story = {
  // Open at first so that the screenshot shows the panel; the play function closes and reopens it.
  args: { defaultExpanded: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: '指标说明' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await expect(canvas.getByText(/情绪值 = Σ 权重 × 分项得分 ÷ Σ 权重/)).toBeVisible();
    const height = canvas.getByRole('row', { name: /连板高度 H/ });
    await expect(height).toHaveTextContent('2 板8 板0.152 板 → 0.00');
    const promotion = canvas.getByRole('row', { name: /晋级率 PR/ });
    await expect(promotion).toHaveTextContent('10%45%0.1暂无');
    const broken = canvas.getByRole('row', { name: /炸板率 BR/ });
    await expect(broken).toHaveTextContent('50%10%0.15');
    await expect(canvas.getByText(/^风险释放/).closest('li')).toHaveTextContent(
      '情绪值 < 35；或情绪值低于 MA5 且出现压力：跌停 ≥ 20 家、炸板率 ≥ 40% 或昨日涨停今日平均下跌',
    );
    await expect(canvas.getByText(/11月25日周三的输入/)).toHaveTextContent(
      '情绪值 40.59，MA5 44.80，MA20 51.20，前一交易日 41.06；跌停 12 家，炸板率 28.00%，昨日涨停今日平均 +1.35%',
    );
  },
};
