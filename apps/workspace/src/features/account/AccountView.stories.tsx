import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@wanxiang/api-client';
import { type LedgerEntry, REDEEM_ERROR_CODES, type UsageReport } from '@wanxiang/api-client/contract';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type AccountTab, AccountView, type AccountViewProps } from './AccountView';

/** The codes the fake server knows, as stored: upper case, without dashes. */
const CODES = {
  fresh: 'WX7KQ2MP9DRT4HZC3NBV',
  used: 'USED5J8L2XQW7RTK4MNP',
  expired: 'OLD9F3D7K2LQ8WXZ5RTB',
} as const;

/** A refusal as the server words it: 400 with its code and its own sentence. */
function refused(code: string, detail: string): ApiError {
  return new ApiError(new Response(null, { status: 400 }), { detail, code });
}

/** Twenty-five ledger rows, newest first, of every kind a user meets: 2026-11-28 back to 2026-11-16. */
function ledgerRows(): LedgerEntry[] {
  const redeem: Omit<LedgerEntry, 'id' | 'created_at' | 'balance_after'> = {
    kind: 'redeem',
    delta: 500,
    model: null,
    tokens_in: null,
    tokens_out: null,
    target: null,
    note: '兑换码（双十一）',
  };
  const shapes: (typeof redeem)[] = [
    {
      kind: 'chat',
      delta: -12,
      model: 'DeepSeek V3',
      tokens_in: 1830,
      tokens_out: 642,
      target: { type: 'conversation', id: 'c-1' },
      note: null,
    },
    {
      kind: 'assistant',
      delta: -8,
      model: '通义千问 Max',
      tokens_in: 950,
      tokens_out: 1204,
      target: { type: 'document', id: 'd-1' },
      note: null,
    },
    {
      kind: 'search',
      delta: -6,
      model: null,
      tokens_in: null,
      tokens_out: null,
      target: { type: 'conversation', id: 'c-2' },
      note: null,
    },
    {
      kind: 'refund',
      delta: 4,
      model: 'DeepSeek V3',
      tokens_in: null,
      tokens_out: null,
      target: { type: 'conversation', id: 'c-2' },
      note: null,
    },
    redeem,
  ];
  let balance = 1_268;
  return Array.from({ length: 25 }, (_, index) => {
    const shape =
      index === 24
        ? { ...redeem, kind: 'grant', delta: 1000, note: '新用户赠送' }
        : index === 17
          ? { ...redeem, kind: 'subscription', delta: -300, note: '策略订阅（月度）' }
          : (shapes[index % shapes.length] ?? redeem);
    const row: LedgerEntry = {
      ...shape,
      id: String(100 - index),
      created_at: new Date(Date.UTC(2026, 10, 28, 2, 40) - index * 12 * 3_600_000).toISOString(),
      balance_after: balance,
    };
    balance -= shape.delta;
    return row;
  });
}

/** Thirty days ending 2026-11-28 in Shanghai: two chat models most days, web search now and then. */
function usageReport(): UsageReport {
  return {
    time_zone: 'Asia/Shanghai',
    days: Array.from({ length: 30 }, (_, index) => {
      const date = new Date(Date.UTC(2026, 9, 30 + index)).toISOString().slice(0, 10);
      if (index % 7 === 5) return { date, models: [] };
      return {
        date,
        models: [
          { model: 'DeepSeek V3', credits: 20 + ((index * 37) % 60), tokens_in: 9000, tokens_out: 3100 },
          { model: '通义千问 Max', credits: (index * 23) % 40, tokens_in: 4200, tokens_out: 2600 },
          ...(index % 4 === 0 ? [{ model: null, credits: 6, tokens_in: 0, tokens_out: 0 }] : []),
        ],
      };
    }),
  };
}

/**
 * The account as an in-memory server keeps it: the rows above, 20 to a page with the id of the last as the
 * cursor, the usage report, and three codes (one fresh, one used, one expired) that redeem or refuse as the
 * server does, the balance following.
 */
function fakeAccount(options: { rows?: LedgerEntry[]; failLedger?: boolean } = {}) {
  let rows = options.rows ?? ledgerRows();
  let balance = rows[0]?.balance_after ?? 0;
  let redeemed = false;
  const calls: string[] = [];
  const account: AccountViewProps['account'] & { calls: string[] } = {
    calls,
    async ledger(query = {}) {
      calls.push(`ledger ${query.cursor ?? 'first'}`);
      if (options.failLedger) throw new ApiError(new Response(null, { status: 503 }), null);
      const limit = query.limit ?? 20;
      const older = query.cursor ? rows.filter((row) => Number(row.id) < Number(query.cursor)) : rows;
      const page = older.slice(0, limit);
      return {
        balance,
        results: page,
        next_cursor: older.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
    async usage() {
      return usageReport();
    },
    async redeem(raw) {
      const code = raw.replace(/[\s-]/g, '').toUpperCase();
      calls.push(`redeem ${code}`);
      if (code === CODES.used || (code === CODES.fresh && redeemed))
        throw refused(REDEEM_ERROR_CODES.used, '这个兑换码已经被使用过了。');
      if (code === CODES.expired)
        throw refused(REDEEM_ERROR_CODES.expired, '这个兑换码已于 2026/11/1 00:00:00 过期。');
      if (code !== CODES.fresh)
        throw refused(REDEEM_ERROR_CODES.unknown, '兑换码不存在，请检查是否输入有误。');
      redeemed = true;
      balance += 500;
      rows = [
        {
          id: '101',
          created_at: '2026-11-28T03:00:00Z',
          kind: 'redeem',
          delta: 500,
          balance_after: balance,
          model: null,
          tokens_in: null,
          tokens_out: null,
          target: null,
          note: '兑换码',
        },
        ...rows,
      ];
      return { credited: 500, balance };
    },
  };
  return account;
}

type Account = ReturnType<typeof fakeAccount>;
type StoryArgs = Omit<AccountViewProps, 'account'> & { account?: Account };

/** The page with its tab in state, as the app's route keeps it; the fake comes from the story's loader. */
function WithTab({ tab: initial, onTabChange, ...props }: AccountViewProps) {
  const [tab, setTab] = useState<AccountTab>(initial);
  return (
    <AccountView
      {...props}
      tab={tab}
      onTabChange={(next) => {
        setTab(next);
        onTabChange(next);
      }}
    />
  );
}

const accountOf = (loaded: Record<string, unknown>) => loaded.account as Account;

const meta = {
  title: 'Account/AccountView',
  args: { tab: 'ledger', timeZone: 'Asia/Shanghai', onTabChange: fn(), onBalanceChanged: fn() },
  parameters: { layout: 'fullscreen' },
  loaders: [() => ({ account: fakeAccount() })],
  render: (args, { loaded }) => (
    // The ledger links to conversations and documents: a router of its own.
    <MemoryRouter>
      <WithTab {...args} account={args.account ?? accountOf(loaded)} />
    </MemoryRouter>
  ),
} satisfies Meta<StoryArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * 积分明细: the balance, the 30-day chart and the first 20 rows of several kinds in Shanghai time, each
 * with its model, tokens and link; 加载更多 brings the last 5 and goes away.
 */
export const Ledger: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const account = accountOf(loaded);
    await expect(await canvas.findByTestId('account-balance')).toHaveTextContent('1,268 积分');
    const chart = await canvas.findByRole('application', { name: '最近 30 天用量' });
    await expect(chart).toBeVisible();
    // The chart fills in when its answer arrives; End picks the last day by keyboard. (The readout follows the
    // pointer too, and in a full run the pointer may rest over the chart from an earlier story.)
    await waitFor(() => expect(canvas.getByTestId('usage-readout')).toHaveTextContent(/共 \d+ 积分/));
    chart.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() =>
      expect(canvas.getByTestId('usage-readout')).toHaveTextContent(/^11月28日：共 \d+ 积分/),
    );
    const table = await canvas.findByRole('table');
    // A header row and 20 rows.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    let rows = within(table).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent('2026/11/28 10:40对话DeepSeek V31,830 / 642-12查看会话');
    await expect(rows[2]).toHaveTextContent('写作助手通义千问 Max950 / 1,204-8查看文档');
    await expect(rows[3]).toHaveTextContent('联网搜索——-6查看会话');
    await expect(rows[4]).toHaveTextContent('退还DeepSeek V3—+4');
    await expect(rows[5]).toHaveTextContent('兑换码——+500');
    await expect(rows[18]).toHaveTextContent('订阅——-300');
    await expect(within(rows[1] as HTMLElement).getByRole('link', { name: '查看会话' })).toHaveAttribute(
      'href',
      '/home/c-1',
    );
    await expect(within(rows[2] as HTMLElement).getByRole('link', { name: '查看文档' })).toHaveAttribute(
      'href',
      '/document/d-1',
    );

    await userEvent.click(canvas.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    rows = within(table).getAllByRole('row');
    await expect(rows[25]).toHaveTextContent('2026/11/16 10:40赠送——+1,000');
    await expect(canvas.queryByRole('button', { name: '加载更多' })).toBeNull();
    await expect(account.calls).toEqual(['ledger first', 'ledger 81']);
  },
};

/** A new account: no rows yet, and no 加载更多. */
export const EmptyLedger: Story = {
  loaders: [() => ({ account: fakeAccount({ rows: [] }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('还没有积分记录。')).toBeVisible();
    await expect(canvas.getByTestId('account-balance')).toHaveTextContent('0 积分');
    await expect(canvas.queryByRole('button', { name: '加载更多' })).toBeNull();
  },
};

/** The ledger cannot be read: the page says so and offers 重试. */
export const LedgerFailed: Story = {
  loaders: [() => ({ account: fakeAccount({ failLedger: true }) })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('积分明细加载失败，请稍后重试。')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(accountOf(loaded).calls).toEqual(['ledger first', 'ledger first']));
  },
};

/**
 * 充值: an unknown, a used and an expired code are each refused in the server's words under the field;
 * the fresh one (typed in lower case with dashes) adds 500 and names the new balance.
 */
export const Redeem: Story = {
  args: { tab: 'credits' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: '兑换码' });
    const submit = canvas.getByRole('button', { name: '兑换' });
    await expect(submit).toBeDisabled();

    await userEvent.type(field, 'NOPE-NOPE-NOPE');
    await userEvent.click(submit);
    await expect(await canvas.findByText('兑换码不存在，请检查是否输入有误。')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, 'USED-5J8L-2XQW-7RTK-4MNP');
    await userEvent.click(submit);
    await expect(await canvas.findByText('这个兑换码已经被使用过了。')).toBeVisible();

    await userEvent.clear(field);
    await userEvent.type(field, 'OLD9-F3D7-K2LQ-8WXZ-5RTB');
    await userEvent.click(submit);
    await expect(await canvas.findByText('这个兑换码已于 2026/11/1 00:00:00 过期。')).toBeVisible();

    await userEvent.clear(field);
    await userEvent.type(field, 'wx7k-q2mp-9drt-4hzc-3nbv');
    await userEvent.click(submit);
    await expect(await canvas.findByText('兑换成功：增加 500 积分，当前余额 1,768 积分。')).toBeVisible();
    await expect(canvas.queryByText('这个兑换码已于 2026/11/1 00:00:00 过期。')).toBeNull();
    await expect(field).toHaveValue('');
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(args.onBalanceChanged).toHaveBeenCalledWith(1768);

    // The same code a second time: now it is used.
    await userEvent.type(field, CODES.fresh);
    await userEvent.click(submit);
    await expect(await canvas.findByText('这个兑换码已经被使用过了。')).toBeVisible();
    await expect(canvas.queryByText(/^兑换成功/)).toBeNull();
  },
};

/** From 积分明细 to 充值 and back: the route follows the tab. */
export const SwitchTabs: Story = {
  // It opens as Ledger does: no screenshot of its own.
  tags: ['!vrt'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('account-balance');
    await userEvent.click(canvas.getByRole('tab', { name: '充值' }));
    await expect(await canvas.findByRole('textbox', { name: '兑换码' })).toBeVisible();
    await expect(args.onTabChange).toHaveBeenLastCalledWith('credits');
    await userEvent.click(canvas.getByRole('tab', { name: '积分明细' }));
    await expect(args.onTabChange).toHaveBeenLastCalledWith('ledger');
    await expect(await canvas.findByRole('table')).toBeVisible();
  },
};

/** A phone's width: the chart fits, the table scrolls sideways inside its section, not the page. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('application', { name: '最近 30 天用量' })).toBeVisible();
    const table = await canvas.findByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(21);
    const page = canvasElement.firstElementChild as HTMLElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(390);
    await expect(canvas.getByRole('button', { name: '加载更多' })).toBeVisible();
  },
};
