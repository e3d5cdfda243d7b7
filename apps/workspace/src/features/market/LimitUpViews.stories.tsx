import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LadderAnswer, MarketApi, ThemesAnswer } from '@wanxiang/api-client';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LimitUpViews } from './LimitUpViews';
import { ladderClosed, ladderDay, ladderDays, themesClosed, themesDay, themesDays } from './limitUpFixtures';
import * as styles from './MarketBoard.css';
import { useLimitUpViews } from './useLimitUpViews';

const ready = <T,>(answer: T) => ({ status: 'ready' as const, answer, error: null });

const meta = {
  title: 'Market/LimitUpViews',
  component: LimitUpViews,
  args: {
    ladder: ready<LadderAnswer>(ladderDay),
    themes: ready<ThemesAnswer>(themesDay),
    onDate: fn(),
    onRetry: fn(),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <main className={styles.page}>
          <Story />
        </main>
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof LimitUpViews>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 连板天梯 of a lively day: five rungs, each with 晋级率 and who failed; every name links to its page. */
export const Ladder: Story = {
  play: async ({ canvasElement, args }) => {
    const section = within(within(canvasElement).getByRole('region', { name: '涨停复盘' }));
    await expect(section.getByRole('tab', { name: '连板天梯', selected: true })).toBeInTheDocument();
    const rungs = section.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    await expect(rungs).toEqual(['5 板', '4 板', '3 板', '2 板', '首板']);
    await expect(section.getByText('2进3 2/3 · 66.7%')).toBeInTheDocument();
    await expect(section.getByText('1进2 3/8 · 37.5%')).toBeInTheDocument();
    await expect(section.getByRole('link', { name: '模拟主板0417（MZ0417）的个股页' })).toHaveAttribute(
      'href',
      '/stock/MZ0417',
    );
    // The newest day: › is disabled, ‹ asks for the trading day before.
    await expect(section.getByRole('button', { name: '后一交易日' })).toBeDisabled();
    await userEvent.click(section.getByRole('button', { name: '前一交易日' }));
    await expect(args.onDate).toHaveBeenCalledWith('2026-11-24');
  },
};

/** 题材 of the same day: by limit-up count, each with its leader and yesterday's count. */
export const Themes: Story = {
  args: { defaultTab: 'themes' },
  play: async ({ canvasElement }) => {
    const section = within(canvasElement);
    await expect(section.getByRole('tab', { name: '题材', selected: true })).toBeInTheDocument();
    await expect(section.getByText(/题材即数据源给出的个股所属行业板块/)).toBeInTheDocument();
    const names = section.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    await expect(names).toEqual(['算力', '机器人', '固态电池', '低空经济', '创新药', '白酒']);
    await expect(section.getByText('今日无涨停')).toBeInTheDocument();
  },
};

/** A Saturday: 休市, said in words, with ‹ › to the trading days around it. */
export const ClosedDay: Story = {
  args: { ladder: ready<LadderAnswer>(ladderClosed), themes: ready<ThemesAnswer>(themesClosed) },
  play: async ({ canvasElement, args }) => {
    const section = within(canvasElement);
    await expect(section.getByText('2026年11月21日周六休市，没有涨停数据')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: '后一交易日' }));
    await expect(args.onDate).toHaveBeenCalledWith('2026-11-23');
  },
};

/** The server's reason when a day has no data (a source past its window), with 重试. */
export const Failed: Story = {
  args: {
    ladder: {
      status: 'error',
      answer: null,
      error: '数据源没有 2026-03-02 的涨停数据（它只提供最近一段时间的涨停池）。',
    },
    themes: { status: 'error', answer: null, error: null },
  },
  play: async ({ canvasElement, args }) => {
    const section = within(canvasElement);
    await expect(section.getByText(/它只提供最近一段时间的涨停池/)).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: '重试' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** On a phone's width the rungs stack their name above their stocks, and the arrows stay on one row. */
export const OnAPhone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const section = within(canvasElement);
    const earlier = section.getByRole('button', { name: '前一交易日' }).getBoundingClientRect();
    const later = section.getByRole('button', { name: '后一交易日' }).getBoundingClientRect();
    await expect(Math.abs(earlier.top - later.top)).toBeLessThan(4);
    const region = section.getByRole('region', { name: '涨停复盘' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth + 1);
  },
};

function fakeMarket() {
  const asked: (string | undefined)[] = [];
  const market: Pick<MarketApi, 'ladder' | 'themes'> = {
    ladder: async (date) => {
      asked.push(date);
      return ladderDays[date ?? ladderDay.date] ?? ladderDay;
    },
    themes: async (date) => themesDays[date ?? themesDay.date] ?? themesDay,
  };
  return { asked, market };
}

function Live({ market }: { market: Pick<MarketApi, 'ladder' | 'themes'> }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <Connected market={market} />
    </QueryClientProvider>
  );
}

function Connected({ market }: { market: Pick<MarketApi, 'ladder' | 'themes'> }) {
  const views = useLimitUpViews(market);
  return (
    <LimitUpViews ladder={views.ladder} themes={views.themes} onDate={views.setDate} onRetry={views.retry} />
  );
}

/** On its endpoints, by keyboard only: ‹ goes a day back, › forward again, the arrow keys switch the tabs. */
export const ByKeyboard: Story = {
  tags: ['!vrt'],
  loaders: [() => ({ fake: fakeMarket() })],
  render: (_args, { loaded }) => <Live market={(loaded.fake as ReturnType<typeof fakeMarket>).market} />,
  play: async ({ canvasElement, loaded }) => {
    const { asked } = loaded.fake as ReturnType<typeof fakeMarket>;
    const section = within(canvasElement);
    await waitFor(() => expect(section.getByText('2026年11月25日周三')).toBeInTheDocument());
    section.getByRole('button', { name: '前一交易日' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(section.getByText('2026年11月24日周二')).toBeInTheDocument());
    await expect(asked).toEqual([undefined, '2026-11-24']);
    section.getByRole('button', { name: '后一交易日' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(section.getByText('2026年11月25日周三')).toBeInTheDocument());
    section.getByRole('tab', { name: '连板天梯' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(section.getByRole('tab', { name: '题材', selected: true })).toHaveFocus();
    await expect(section.getByRole('heading', { name: '算力', level: 3 })).toBeInTheDocument();
  },
};
