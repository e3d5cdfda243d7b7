import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@wanxiang/api-client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import * as styles from './MarketBoard.css';
import {
  LockedTodayNotice,
  LockedView,
  PlanOffer,
  PurchaseDialog,
  SubscriptionControl,
} from './SubscriptionViews';
import { monthlyPlan, subscriptions } from './strategyFixtures';
import type { SubscriptionState } from './useStrategyBoard';

const state = (subscription = subscriptions.none, subscribed = false): SubscriptionState => ({
  status: 'ready',
  subscription,
  plans: [monthlyPlan],
  subscribed,
});

/** What the board shows about the subscription: the header control, the plan card and the locked views. */
function Views({
  subscription,
  onOpen,
  onRetry,
  phone = false,
}: {
  subscription: SubscriptionState;
  onOpen: () => void;
  onRetry: () => void;
  phone?: boolean;
}) {
  return (
    <main className={styles.page} style={phone ? { width: 390 } : undefined}>
      <SubscriptionControl state={subscription} onOpen={onOpen} onRetry={onRetry} />
      <div className={styles.chartsRow}>
        <LockedView kind="minute" plans={subscription.plans} onSubscribe={onOpen} />
        <LockedView kind="feed" plans={subscription.plans} onSubscribe={onOpen} />
      </div>
      <LockedTodayNotice plans={subscription.plans} onSubscribe={onOpen} />
    </main>
  );
}

const meta = {
  title: 'Market/SubscriptionViews',
  component: Views,
  args: { subscription: state(), onOpen: fn(), onRetry: fn() },
  parameters: {
    layout: 'fullscreen',
    // react-aria's announcer keeps what a pending button said (labelled by a ring that is gone) for a while.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
} satisfies Meta<typeof Views>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A free user: each locked view names what it would show, the plan's price, days and benefits, and 订阅. */
export const LockedViews: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const minute = canvas.getByRole('region', { name: '分钟级情绪' });
    await expect(within(minute).getByText(/盘中每 5 分钟更新的市场情绪值/)).toBeVisible();
    const card = within(minute).getByRole('group', { name: '策略月度订阅' });
    await expect(within(card).getByText('300 积分 / 30 天')).toBeVisible();
    await expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(monthlyPlan.benefits);
    await expect(within(card).getByText('免费可看：日级情绪指标、上一个交易日的策略报告')).toBeVisible();
    const feed = canvas.getByRole('region', { name: '策略执行动态' });
    await expect(within(feed).getByText('订阅内容')).toBeVisible();
    await expect(canvas.getByRole('complementary', { name: '今日推荐个股' })).toHaveTextContent(
      /上一个交易日的报告/,
    );
    // Every 订阅 opens the purchase, the header's too.
    await userEvent.click(within(card).getByRole('button', { name: '订阅' }));
    await userEvent.click(within(feed).getByRole('button', { name: '订阅' }));
    await userEvent.click(
      within(canvas.getByRole('complementary', { name: '今日推荐个股' })).getByRole('button', {
        name: '订阅',
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: '订阅策略' }));
    await expect(args.onOpen).toHaveBeenCalledTimes(4);
  },
};

/** The same on a phone: the views stack and the plan card keeps its price and button in reach. */
export const LockedOnAPhone: Story = {
  args: { phone: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const region of ['分钟级情绪', '策略执行动态']) {
      const view = canvas.getByRole('region', { name: region });
      await expect(view.getBoundingClientRect().width).toBeLessThanOrEqual(390);
      await expect(within(view).getByRole('button', { name: '订阅' })).toBeVisible();
    }
  },
};

/** A subscriber: the header names the last day and offers 续订. */
export const Subscribed: Story = {
  args: { subscription: state(subscriptions.active, true) },
  play: async ({ canvasElement, args }) => {
    const control = within(within(canvasElement).getByRole('region', { name: '策略订阅' }));
    await expect(control.getByText('已订阅，有效期至 2026-12-25')).toBeVisible();
    await userEvent.click(control.getByRole('button', { name: '续订' }));
    await expect(args.onOpen).toHaveBeenCalledOnce();
  },
};

export const Expired: Story = {
  args: { subscription: state(subscriptions.expired) },
  play: async ({ canvasElement }) => {
    const control = within(within(canvasElement).getByRole('region', { name: '策略订阅' }));
    await expect(control.getByRole('button', { name: '订阅已过期（点击续订）' })).toBeEnabled();
  },
};

export const StatusFailed: Story = {
  args: { subscription: { status: 'error', subscription: null, plans: [], subscribed: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('获取订阅状态失败');
    await expect(canvas.getAllByText('暂无在售的订阅方案')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: '订阅状态加载失败' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The plan card alone, as the locked views hold it. */
export const PlanCard: Story = {
  render: (args) => (
    <main className={styles.page} style={{ maxWidth: 420 }}>
      <PlanOffer plans={[monthlyPlan]} onSubscribe={args.onOpen} />
    </main>
  ),
  play: async ({ canvasElement, args }) => {
    const card = within(within(canvasElement).getByRole('group', { name: '策略月度订阅' }));
    await expect(card.getByRole('heading', { name: '策略月度订阅' })).toBeVisible();
    await expect(card.getByText('300 积分 / 30 天')).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: '订阅' }));
    await expect(args.onOpen).toHaveBeenCalledOnce();
  },
};

const shortOfCredits = () =>
  new ApiError(new Response(null, { status: 402 }), {
    code: 'insufficient_credits',
    detail: '积分不足：策略月度订阅需要 300 积分，当前余额 120 积分。请先获取积分再订阅。',
  });

/**
 * The purchase with a short balance: it says so before paying, links to the credits page, and a refused
 * purchase shows the server's reason (price and balance) and stays open. A retry reuses the purchase's id.
 */
export const PurchaseShortOfCredits: Story = {
  tags: ['!vrt'],
  render: () => {
    const buy = fn(async () => {
      throw shortOfCredits();
    });
    return (
      <PurchaseDialog
        isOpen
        onOpenChange={() => {}}
        plans={[monthlyPlan]}
        subscription={subscriptions.none}
        balance={120}
        onBuy={buy}
      />
    );
  },
  play: async () => {
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    // The dialog fades in.
    await waitFor(() => expect(dialog.getByRole('heading', { name: '订阅策略月度订阅' })).toBeVisible());
    await expect(dialog.getByText('余额不足：需要 300 积分，当前余额 120 积分。')).toBeVisible();
    await expect(dialog.getByRole('link', { name: '获取积分' })).toHaveAttribute('href', '/account/credits');
    await userEvent.click(dialog.getByRole('button', { name: '支付 300 积分' }));
    await waitFor(() =>
      expect(
        dialog.getByText('积分不足：策略月度订阅需要 300 积分，当前余额 120 积分。请先获取积分再订阅。'),
      ).toBeVisible(),
    );
    await expect(dialog.getByRole('button', { name: '支付 300 积分' })).toBeEnabled();
  },
};

/** Renewing: the dialog says from which day the plan extends and what it costs. */
export const PurchaseRenewal: Story = {
  tags: ['!vrt'],
  render: () => {
    const buy = fn(async () => {});
    return (
      <PurchaseDialog
        isOpen
        onOpenChange={() => {}}
        plans={[monthlyPlan]}
        subscription={subscriptions.active}
        balance={1000}
        onBuy={buy}
      />
    );
  },
  play: async () => {
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    await waitFor(() => expect(dialog.getByText('当前订阅至 2026-12-25，续订后顺延 30 天。')).toBeVisible());
    await expect(dialog.getByText('当前余额 1000 积分')).toBeVisible();
    await expect(dialog.queryByRole('link', { name: '获取积分' })).toBeNull();
  },
};
