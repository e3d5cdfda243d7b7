import type { Meta, StoryObj } from '@storybook/react-vite';
import { type AdminApi, ApiError } from '@wanxiang/api-client';
import type { RedeemBatch } from '@wanxiang/api-client/contract';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AdminRedeemView } from './AdminRedeemPage';

/** A refusal as the server words it. */
function refused(status: number, detail: string): ApiError {
  return new ApiError(new Response(null, { status }), { detail });
}

const BATCHES: RedeemBatch[] = [
  {
    id: 'b2f1c7e0-5a0d-4c55-9d0a-3f4e2a1b9c10',
    value: 500,
    count: 200,
    used: 37,
    expires_at: '2026-12-31T15:59:59Z',
    note: '双十一',
    created_at: '2026-11-10T02:00:00Z',
    created_by: 'admin-1',
    revoked_at: null,
  },
  {
    id: '7d3a9e21-0c4b-4f3e-8a17-6b2d5c8e4f01',
    value: 100,
    count: 50,
    used: 50,
    expires_at: null,
    note: null,
    created_at: '2026-10-01T06:30:00Z',
    created_by: 'admin-1',
    revoked_at: null,
  },
  {
    id: '5c0e2b7a-9f41-4d8e-b3a6-1e7f0d2c4a55',
    value: 20,
    count: 100,
    used: 12,
    expires_at: null,
    note: '群里泄露',
    created_at: '2026-09-20T01:00:00Z',
    created_by: 'admin-1',
    revoked_at: '2026-09-21T08:00:00Z',
  },
];

/**
 * The operators' batches as an in-memory server keeps them, newest first: a new batch checks its bounds as
 * the server does, gets codes grouped as users type them and joins the list. `forbidden` answers as the
 * server does to a user who is not an admin.
 */
function fakeAdmin(options: { forbidden?: boolean } = {}) {
  let batches = [...BATCHES];
  let made = 0;
  const calls: string[] = [];
  const deny = () => {
    if (options.forbidden) throw refused(403, '只有管理员可以进行这项操作。');
  };
  const admin: Pick<
    AdminApi,
    'redeemBatches' | 'createRedeemBatch' | 'exportRedeemBatch' | 'revokeRedeemBatch'
  > & {
    calls: string[];
  } = {
    calls,
    async redeemBatches() {
      calls.push('list');
      deny();
      return batches;
    },
    async createRedeemBatch({ value, count, expires_in_days, note }) {
      deny();
      if (!Number.isInteger(value) || value < 1 || value > 1_000_000)
        throw refused(400, '每个兑换码的积分须为 1–1000000 之间的整数。');
      if (!Number.isInteger(count) || count < 1 || count > 1000)
        throw refused(400, '数量须为 1–1000 之间的整数。');
      calls.push(`create ${value}×${count}`);
      made += 1;
      const codes = Array.from(
        { length: count },
        (_, index) =>
          `${made}${String(index).padStart(3, '0')}QWERTYUPASDFGHJKLZX`.match(/.{4}/g)?.join('-') ?? '',
      );
      const batch: RedeemBatch = {
        id: `00000000-0000-4000-8000-00000000000${made}`,
        value,
        count,
        used: 0,
        expires_at: expires_in_days ? '2026-12-28T03:00:00Z' : null,
        note: note ?? null,
        created_at: '2026-11-28T03:00:00Z',
        created_by: 'admin-1',
        revoked_at: null,
      };
      batches = [batch, ...batches];
      return { batch, codes };
    },
    async revokeRedeemBatch(id) {
      deny();
      calls.push(`revoke ${id}`);
      const found = batches.find((batch) => batch.id === id);
      if (!found) throw refused(404, '未找到。');
      const revoked = { ...found, revoked_at: found.revoked_at ?? '2026-11-28T04:00:00Z' };
      batches = batches.map((batch) => (batch.id === id ? revoked : batch));
      return revoked;
    },
    async exportRedeemBatch(id) {
      calls.push(`export ${id}`);
      return new Blob(['\ufeffcode,value\n'], { type: 'text/csv' });
    },
  };
  return admin;
}

type Admin = ReturnType<typeof fakeAdmin>;
const adminOf = (loaded: Record<string, unknown>) => loaded.admin as Admin;

const meta = {
  title: 'Account/AdminRedeemView',
  parameters: {
    layout: 'fullscreen',
    // The confirm dialog's pending button leaves react-aria's announcements behind.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
  loaders: [() => ({ admin: fakeAdmin() })],
  render: (_args, { loaded }) => <AdminRedeemView admin={adminOf(loaded)} timeZone="Asia/Shanghai" />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The batches with their used counts; a new batch of 3 codes worth 50 for 30 days: its codes are shown
 * once, and it heads the list.
 */
export const MakeBatch: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('table');
    let rows = within(list).getAllByRole('row');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent(
      '2026/11/10 10:00:00500 积分已使用 37 / 200到期 2026/12/31双十一',
    );
    await expect(rows[1]).toHaveTextContent('100 积分已使用 50 / 50不过期');
    await expect(rows[2]).toHaveTextContent('20 积分已使用 12 / 100不过期群里泄露导出 CSV已停用');

    const value = canvas.getByRole('textbox', { name: '每个兑换码的积分' });
    const count = canvas.getByRole('textbox', { name: '数量（1–1000）' });
    await userEvent.clear(value);
    await userEvent.type(value, '50');
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.type(canvas.getByRole('textbox', { name: '有效天数（留空为不过期）' }), '30');
    await userEvent.type(canvas.getByRole('textbox', { name: '备注' }), '社群活动');
    await userEvent.click(canvas.getByRole('button', { name: '生成' }));

    await expect(await canvas.findByText('已生成 3 个兑换码：')).toBeVisible();
    await expect(canvas.getByTestId('created-codes').textContent?.split('\n')).toEqual([
      '1000-QWER-TYUP-ASDF-GHJK',
      '1001-QWER-TYUP-ASDF-GHJK',
      '1002-QWER-TYUP-ASDF-GHJK',
    ]);
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(4));
    rows = within(list).getAllByRole('row');
    await expect(rows[0]).toHaveTextContent('2026/11/28 11:00:0050 积分已使用 0 / 3到期 2026/12/28社群活动');
    await expect(adminOf(loaded).calls).toEqual(['list', 'create 50×3', 'list']);
  },
};

/** A count out of bounds: the server's sentence above the form, nothing made. */
export const BatchRefused: Story = {
  // It opens as MakeBatch does: no screenshot of its own.
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    const count = canvas.getByRole('textbox', { name: '数量（1–1000）' });
    await userEvent.clear(count);
    await userEvent.type(count, '5000');
    await userEvent.click(canvas.getByRole('button', { name: '生成' }));
    await expect(await canvas.findByText('数量须为 1–1000 之间的整数。')).toBeVisible();
    await expect(canvas.queryByTestId('created-codes')).toBeNull();
    await expect(adminOf(loaded).calls).toEqual(['list']);
  },
};

/** 导出 CSV asks for the batch's file. */
export const Export: Story = {
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    await userEvent.click(canvas.getAllByRole('button', { name: '导出 CSV' })[1] as HTMLElement);
    await waitFor(() => expect(adminOf(loaded).calls).toContain(`export ${BATCHES[1]?.id}`));
  },
};

/**
 * 停用 asks first, naming how many unused codes stop; once confirmed the row says 已停用. A batch whose
 * codes are all used has nothing to stop.
 */
export const Revoke: Story = {
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const list = await canvas.findByRole('table');
    const [first, usedUp] = within(list).getAllByRole('row') as HTMLElement[];
    await expect(within(usedUp as HTMLElement).queryByRole('button', { name: /停用/ })).toBeNull();
    await userEvent.click(
      within(first as HTMLElement).getByRole('button', {
        name: '停用 2026/11/10 10:00:00 生成的 500 积分兑换码',
      }),
    );
    const dialog = await body.findByRole('alertdialog', { name: '停用这批兑换码？' });
    await expect(dialog).toHaveTextContent('其中未使用的 163 个兑换码将不能再兑换，已兑换的积分不受影响。');
    await userEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(list).getAllByRole('row')[0]).toHaveTextContent('已停用'));
    await expect(adminOf(loaded).calls).toEqual(['list', `revoke ${BATCHES[0]?.id}`, 'list']);
  },
};

/** Not an admin: the page says only admins manage codes. */
export const Forbidden: Story = {
  loaders: [() => ({ admin: fakeAdmin({ forbidden: true }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('只有管理员可以管理兑换码。')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** A phone's width: the form stacks, the batch table scrolls inside its section. */
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
    await expect(await canvas.findByRole('table')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '生成' })).toBeVisible();
  },
};
