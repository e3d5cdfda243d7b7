import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { AdminConsole } from './AdminLayout';
import { AuditView } from './AuditView';
import { type FakeAdmin, fakeAdmin, SELF_ID, USAGE_TODAY } from './fakeAdmin';
import { InvitesView } from './InvitesView';
import { ModelsView } from './ModelsView';
import { PlansView } from './PlansView';
import { RedeemCodesView } from './RedeemCodesView';
import { UsageView } from './UsageView';
import { UserDetailView } from './UserDetailView';
import { UsersView } from './UsersView';

const ZONE = 'Asia/Shanghai';

/** The story in a phone's width (390 px) and the given height. */
const onPhone = (height: number) => (Story: () => ReactNode) => (
  <div style={{ width: 390, height }}>
    <Story />
  </div>
);
const adminOf = (loaded: Record<string, unknown>) => loaded.admin as FakeAdmin;

/** The console as the app routes it, on an in-memory server, opened at `path`. */
function Console({ admin, path }: { admin: FakeAdmin; path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin" element={<AdminConsole />}>
          <Route path="users" element={<UsersView admin={admin} timeZone={ZONE} />} />
          <Route path="users/:userId" element={<Detail admin={admin} />} />
          <Route path="usage" element={<UsageView admin={admin} timeZone={ZONE} now={USAGE_TODAY} />} />
          <Route path="plans" element={<PlansView admin={admin} />} />
          <Route path="models" element={<ModelsView admin={admin} timeZone={ZONE} />} />
          <Route path="redeem-codes" element={<RedeemCodesView admin={admin} timeZone={ZONE} />} />
          <Route path="invites" element={<InvitesView admin={admin} timeZone={ZONE} />} />
          <Route path="audit" element={<AuditView admin={admin} timeZone={ZONE} />} />
        </Route>
      </Routes>
    </MemoryRouter>
  );
}

function Detail({ admin }: { admin: FakeAdmin }) {
  const { userId = '' } = useParams();
  return <UserDetailView admin={admin} userId={userId} timeZone={ZONE} selfId={SELF_ID} />;
}

type Args = {
  path: string;
  forbidden?: boolean;
  registrationMode?: 'open' | 'invite' | 'closed';
  catalogDown?: boolean;
};

const meta = {
  title: 'Admin/AdminConsole',
  parameters: {
    layout: 'fullscreen',
    // The confirm dialogs' pending buttons leave react-aria's announcements behind.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
  args: { path: '/admin/users' },
  loaders: [
    ({ args }) => ({
      admin: fakeAdmin({
        forbidden: Boolean(args.forbidden),
        ...(args.registrationMode ? { registrationMode: args.registrationMode } : {}),
        ...(args.catalogDown ? { catalogDown: true } : {}),
      }),
    }),
  ],
  render: (args, { loaded }) => <Console admin={adminOf(loaded)} path={args.path} />,
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

const USER_2 = '00000000-0000-4000-8000-000000000002';

/** 用户: the newest accounts a page at a time, a search by nickname, and the nav marking the section. */
export const Users: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: '用户列表' });
    await expect(within(table).getAllByRole('row')).toHaveLength(21);
    await expect(canvas.getByText('共 24 位用户')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '用户' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: '下一页' }));
    await expect(await canvas.findByText('第 2 / 2 页')).toBeVisible();
    await waitFor(() => expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(5));

    await userEvent.type(canvas.getByRole('searchbox', { name: '搜索邮箱或昵称' }), '李华');
    await userEvent.click(canvas.getByRole('button', { name: '搜索' }));
    await expect(await canvas.findByText('共 2 位用户')).toBeVisible();
    const rows = within(canvas.getByRole('table')).getAllByRole('row');
    await expect(rows).toHaveLength(3);
    await expect(rows[1]).toHaveTextContent('李华');
  },
};

/** A search that matches nobody says so. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '用户列表' });
    await userEvent.type(canvas.getByRole('searchbox', { name: '搜索邮箱或昵称' }), 'nobody');
    await userEvent.click(canvas.getByRole('button', { name: '搜索' }));
    await expect(await canvas.findByText('没有找到用户。')).toBeVisible();
  },
};

/**
 * One user: a grant with a reason becomes a ledger row with the admin's name and the new balance; a
 * deduction beyond the balance, an amount that is not whole and a missing reason are named under their fields.
 */
export const GrantAndDeduct: Story = {
  args: { path: `/admin/users/${USER_2}` },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: '李华（user2@example.com）' }),
    ).toBeVisible();
    await expect(canvas.getByText('74 积分')).toBeVisible();
    const delta = canvas.getByRole('textbox', { name: '积分（正数增加，负数扣除）' });
    const reason = canvas.getByRole('textbox', { name: '原因（会记入积分明细和审计日志）' });
    const submit = canvas.getByRole('button', { name: '确认调整' });

    await userEvent.click(submit);
    await expect(await canvas.findByText('请填写要调整的积分。')).toBeVisible();
    await expect(canvas.getByText('请写明调整的原因。')).toBeVisible();
    await expect(delta).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(delta, '1.5');
    await userEvent.type(reason, '补偿');
    await userEvent.click(submit);
    await expect(await canvas.findByText('积分必须是整数，例如 100 或 -50。')).toBeVisible();

    await userEvent.clear(delta);
    await userEvent.type(delta, '-100');
    await userEvent.click(submit);
    await expect(await canvas.findByText('不能扣除 100 积分：该用户当前余额只有 74 积分。')).toBeVisible();

    await userEvent.clear(delta);
    await userEvent.type(delta, '500');
    await userEvent.click(submit);
    await expect(await canvas.findByText('已增加 500 积分，当前余额 574 积分。')).toBeVisible();
    const ledger = canvas.getByRole('table', { name: '该用户的积分明细' });
    await waitFor(() =>
      expect(within(ledger).getAllByRole('row')[1]).toHaveTextContent(
        '调整+500574补偿（管理员 ops@example.com）',
      ),
    );
    await expect(adminOf(loaded).calls).toContain('adjust 500');
  },
};

/** One user's last 30 days by model, as the user sees them in 积分明细, with the totals under the chart. */
export const UserUsage: Story = {
  args: { path: `/admin/users/${USER_2}` },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const section = within(await canvas.findByRole('region', { name: '最近 30 天用量' }));
    await expect(await section.findByRole('application', { name: '最近 30 天用量' })).toBeVisible();
    await expect(
      section.getByText(/^共消耗 [\d,]+ 积分，输入 [\d,]+ tokens，输出 [\d,]+ tokens。$/),
    ).toBeVisible();
    await expect(adminOf(loaded).calls).toContain(`user usage ${USER_2} 30`);
  },
};

/** The user's plan is a choice of every plan: picking one moves the user and says so; the audit log has it. */
export const UserPlan: Story = {
  args: { path: `/admin/users/${USER_2}` },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const picker = await canvas.findByRole('button', { name: /^免费体验版/ });
    await waitFor(() => expect(picker).not.toBeDisabled());
    await userEvent.click(picker);
    await userEvent.click(await body.findByRole('option', { name: '专业版' }));
    await expect(await canvas.findByText('已改为“专业版”，之后的每月赠送按这个套餐发放。')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^专业版/ })).toBeVisible();
    await expect(adminOf(loaded).calls).toContain('plan user2@example.com 专业版');
    await userEvent.click(canvas.getByRole('link', { name: '审计日志' }));
    const log = await canvas.findByRole('table', { name: '审计日志' });
    await expect(within(log).getAllByRole('row')[1]).toHaveTextContent(
      'ops@example.com设置套餐user2@example.com',
    );
  },
};

/** Disabling asks first, then shows 已停用 and no sign-ins left; the audit log has the row. */
export const Disable: Story = {
  args: { path: `/admin/users/${USER_2}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: '停用账号' }));
    const dialog = await body.findByRole('alertdialog', { name: '停用这个账号？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '停用账号' }));
    await expect(await canvas.findByRole('button', { name: '恢复账号' })).toBeVisible();
    await expect(canvas.getByText('已停用')).toBeVisible();
    await expect(canvas.getByText('0 个')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: '审计日志' }));
    const log = await canvas.findByRole('table', { name: '审计日志' });
    await expect(within(log).getAllByRole('row')[1]).toHaveTextContent(
      'ops@example.com停用账号user2@example.com',
    );
  },
};

/** The only admin cannot take their own role: the dialog says why and stays open. */
export const LastAdmin: Story = {
  args: { path: `/admin/users/${SELF_ID}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: '取消管理员' }));
    const dialog = await body.findByRole('alertdialog', { name: '取消这个用户的管理员身份？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消管理员' }));
    await expect(
      await within(dialog).findByText(
        '你是唯一的管理员，不能取消自己的管理员身份：请先让另一位用户成为管理员。',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByText('管理员')).toBeVisible();
  },
};

/**
 * 用量: the last 30 days by default, with the totals, the chart, each model's share and the heaviest users;
 * a quick range asks again and fills the fields, and the range exports as CSV.
 */
export const Usage: Story = {
  args: { path: '/admin/usage' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: '2026-10-30 至 2026-11-28（Asia/Shanghai）' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: '用量' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('textbox', { name: '开始日期' })).toHaveValue('2026-10-30');
    await expect(canvas.getByRole('application', { name: '每日积分消耗（按模型）' })).toBeVisible();
    const models = within(canvas.getByRole('table', { name: '各模型的用量' })).getAllByRole('row');
    await expect(models.map((row) => row.firstElementChild?.textContent)).toEqual([
      '模型',
      'DeepSeek-V3',
      '通义千问 Max',
      '其他',
    ]);
    const users = within(canvas.getByRole('table', { name: '用得最多的用户' })).getAllByRole('row');
    await expect(users).toHaveLength(6);
    await expect(within(users[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/users/00000000-0000-4000-8000-000000000002',
    );
    await expect(users[1]).toHaveTextContent('40.0%');

    await userEvent.click(canvas.getByRole('button', { name: '最近 7 天' }));
    await expect(
      await canvas.findByRole('heading', { level: 2, name: '2026-11-22 至 2026-11-28（Asia/Shanghai）' }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: '开始日期' })).toHaveValue('2026-11-22');
    await userEvent.click(canvas.getByRole('button', { name: '上月' }));
    await expect(
      await canvas.findByRole('heading', { level: 2, name: '2026-10-01 至 2026-10-31（Asia/Shanghai）' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(adminOf(loaded).calls).toContain('export 2026-10-01 2026-10-31'));
  },
};

/** A typed range is checked before it is asked: its format, its order and its length, on the field to fix. */
export const UsageBadRange: Story = {
  args: { path: '/admin/usage' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const from = await canvas.findByRole('textbox', { name: '开始日期' });
    const to = canvas.getByRole('textbox', { name: '结束日期' });
    await canvas.findByRole('table', { name: '各模型的用量' });
    const show = canvas.getByRole('button', { name: '查询' });

    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-3');
    await userEvent.click(show);
    await expect(await canvas.findByText('日期的格式应为 YYYY-MM-DD，例如 2026-11-01。')).toBeVisible();
    await expect(from).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-01');
    await userEvent.click(show);
    await expect(await canvas.findByText('开始日期不能晚于结束日期。')).toBeVisible();

    await userEvent.clear(from);
    await userEvent.type(from, '2024-01-01');
    await userEvent.click(show);
    await expect(await canvas.findByText('日期范围最长 366 天。')).toBeVisible();

    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-14');
    await userEvent.click(show);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: '2026-11-01 至 2026-11-14（Asia/Shanghai）' }),
    ).toBeVisible();
    await expect(from).not.toHaveAttribute('aria-invalid');
    await expect(adminOf(loaded).calls.filter((call) => call.startsWith('usage'))).toEqual([
      'usage 2026-10-30 2026-11-28',
      'usage 2026-11-01 2026-11-14',
    ]);
  },
};

/**
 * 套餐: the plans with their grants, models and members; a new plan joins the list, and the default plan's
 * monthly grant is changed while its name, the server's, stays read-only.
 */
export const Plans: Story = {
  args: { path: '/admin/plans' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('table', { name: '套餐列表' });
    let rows = within(list).getAllByRole('row');
    await expect(rows).toHaveLength(3);
    await expect(rows[1]).toHaveTextContent('免费体验版 默认1,000 积分不赠送—全部模型24 人');
    await waitFor(() =>
      expect(within(list).getAllByRole('row')[2]).toHaveTextContent(
        '专业版—3,000 积分每月 5 日DeepSeek V3、通义千问 Max0 人',
      ),
    );

    const create = within(canvas.getByRole('region', { name: '新建套餐' }));
    await expect(create.getByRole('button', { name: /可用模型/ })).toHaveTextContent('全部模型');
    await expect(create.getByText('所有启用的模型，包括以后新增的。')).toBeVisible();
    await userEvent.type(create.getByRole('textbox', { name: '名称' }), '企业版');
    const monthly = create.getByRole('textbox', { name: '每月赠送的积分（0 为不赠送）' });
    await userEvent.clear(monthly);
    await userEvent.type(monthly, '10000');
    const day = create.getByRole('textbox', { name: '赠送日（每月 1–28 日）' });
    await userEvent.clear(day);
    await userEvent.type(day, '10');
    await userEvent.click(create.getByRole('button', { name: '新建' }));
    await expect(await canvas.findByText('已新建套餐“企业版”。')).toBeVisible();
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(4));
    rows = within(list).getAllByRole('row');
    await expect(rows[3]).toHaveTextContent('企业版—10,000 积分每月 10 日全部模型0 人');
    // A fresh form for the next plan.
    const next = within(canvas.getByRole('region', { name: '新建套餐' }));
    await expect(next.getByRole('textbox', { name: '名称' })).toHaveValue('');

    await userEvent.click(within(list).getByRole('button', { name: '修改套餐“免费体验版”' }));
    const edit = within(await canvas.findByRole('region', { name: '修改套餐“免费体验版”' }));
    await expect(edit.getByRole('textbox', { name: '名称' })).toHaveAttribute('readonly');
    await expect(edit.getByText('默认套餐的名称由服务器设置 DEFAULT_PLAN_NAME 决定。')).toBeVisible();
    const editMonthly = edit.getByRole('textbox', { name: '每月赠送的积分（0 为不赠送）' });
    await userEvent.clear(editMonthly);
    await userEvent.type(editMonthly, '100');
    await userEvent.click(edit.getByRole('button', { name: '保存' }));
    await expect(
      await canvas.findByText('已保存套餐“免费体验版”，新的每月赠送从下一个赠送日起生效。'),
    ).toBeVisible();
    await waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveTextContent('100 积分每月 1 日'));
    await expect(canvas.queryByRole('region', { name: '修改套餐“免费体验版”' })).toBeNull();
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: '修改套餐“免费体验版”' })).toHaveFocus(),
    );
    await expect(adminOf(loaded).calls).toEqual([
      'plans',
      'catalog',
      'create plan 企业版',
      'plans',
      'update plan 1',
      'plans',
    ]);
  },
};

/**
 * A plan's models: 专业版's two are ticked in its form and a third added; the default plan, open to every
 * model, is limited to one. The table names them, and the audit log has the change.
 */
export const PlansModels: Story = {
  args: { path: '/admin/plans' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const list = await canvas.findByRole('table', { name: '套餐列表' });
    await userEvent.click(within(list).getByRole('button', { name: '修改套餐“专业版”' }));
    const pro = within(await canvas.findByRole('region', { name: '修改套餐“专业版”' }));
    await expect(pro.getByRole('button', { name: /可用模型/ })).toHaveTextContent('指定模型');
    await expect(await pro.findByRole('checkbox', { name: /^DeepSeek V3/ })).toBeChecked();
    await expect(pro.getByRole('checkbox', { name: /^通义千问 Max/ })).toBeChecked();
    await expect(pro.getByRole('checkbox', { name: /^DeepSeek R1/ })).not.toBeChecked();
    await expect(pro.getByRole('checkbox', { name: '离线演示模型 offline 停用' })).not.toBeChecked();
    await userEvent.click(pro.getByRole('checkbox', { name: /^DeepSeek R1/ }));
    await userEvent.click(pro.getByRole('button', { name: '保存' }));
    await expect(
      await canvas.findByText('已保存套餐“专业版”，新的每月赠送从下一个赠送日起生效。'),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(list).getAllByRole('row')[2]).toHaveTextContent('DeepSeek V3、DeepSeek R1 等 3 个'),
    );
    await expect(adminOf(loaded).calls).toContain(
      'update plan 2 models deepseek-chat,deepseek-reasoner,qwen-max',
    );

    await userEvent.click(within(list).getByRole('button', { name: '修改套餐“免费体验版”' }));
    const free = within(await canvas.findByRole('region', { name: '修改套餐“免费体验版”' }));
    const choice = free.getByRole('button', { name: /可用模型/ });
    await expect(choice).toHaveTextContent('全部模型');
    await expect(free.queryByRole('checkbox')).toBeNull();
    await userEvent.click(choice);
    await userEvent.click(await body.findByRole('option', { name: '指定模型' }));
    await userEvent.click(await free.findByRole('checkbox', { name: /^DeepSeek V3/ }));
    await userEvent.click(free.getByRole('button', { name: '保存' }));
    await expect(
      await canvas.findByText('已保存套餐“免费体验版”，新的每月赠送从下一个赠送日起生效。'),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(list).getAllByRole('row')[1]).toHaveTextContent('不赠送—DeepSeek V324 人'),
    );
    await expect(adminOf(loaded).calls).toContain('update plan 1 models deepseek-chat');

    await userEvent.click(canvas.getByRole('link', { name: '审计日志' }));
    const log = await canvas.findByRole('table', { name: '审计日志' });
    const entries = within(log).getAllByRole('row');
    await expect(entries[1]).toHaveTextContent(
      'ops@example.com修改套餐套餐（免费体验版）models: 全部模型 → deepseek-chat',
    );
    await expect(entries[2]).toHaveTextContent(
      '套餐（专业版）models: deepseek-chat、qwen-max → deepseek-chat、deepseek-reasoner、qwen-max',
    );
  },
};

/**
 * 指定模型 with none ticked is named on the field before anything is sent; a model gone from the catalog
 * while the form was open is refused by the server, on the same field.
 */
export const PlansModelsBadInput: Story = {
  args: { path: '/admin/plans' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('table', { name: '套餐列表' });
    const create = within(canvas.getByRole('region', { name: '新建套餐' }));
    await userEvent.type(create.getByRole('textbox', { name: '名称' }), '团队版');
    await userEvent.click(create.getByRole('button', { name: /可用模型/ }));
    await userEvent.click(await body.findByRole('option', { name: '指定模型' }));
    const qwen = await create.findByRole('checkbox', { name: /^通义千问 Max/ });
    await userEvent.click(create.getByRole('button', { name: '新建' }));
    await expect(await create.findByText('至少选择一个模型；不限制时选“全部模型”。')).toBeVisible();
    await expect(qwen).toHaveAttribute('aria-invalid', 'true');
    await expect(
      create.getByRole('group', { name: '勾选该套餐的用户可以选择的模型' }),
    ).toHaveAccessibleDescription('至少选择一个模型；不限制时选“全部模型”。');
    await expect(adminOf(loaded).calls.some((call) => call.startsWith('create plan'))).toBe(false);

    await userEvent.click(qwen);
    // Another admin deletes the model meanwhile.
    await adminOf(loaded).deleteModel('qwen-max');
    await userEvent.click(create.getByRole('button', { name: '新建' }));
    await expect(await create.findByText('模型目录中没有：qwen-max。')).toBeVisible();
    await expect(qwen).toHaveAttribute('aria-invalid', 'true');
    await expect(adminOf(loaded).calls.some((call) => call.startsWith('create plan'))).toBe(false);
  },
};

/**
 * The model catalog cannot be read: the table shows the plans' models by id, the form's 可用模型 says it
 * keeps them, and the rest of the form still saves.
 */
export const PlansCatalogDown: Story = {
  args: { path: '/admin/plans', catalogDown: true },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('table', { name: '套餐列表' });
    await expect(within(list).getAllByRole('row')[2]).toHaveTextContent('deepseek-chat、qwen-max');
    const create = within(canvas.getByRole('region', { name: '新建套餐' }));
    await expect(
      await create.findByText('没能读取模型目录：新套餐先可使用全部模型，之后可以再修改。'),
    ).toBeVisible();

    await userEvent.click(within(list).getByRole('button', { name: '修改套餐“专业版”' }));
    const edit = within(await canvas.findByRole('region', { name: '修改套餐“专业版”' }));
    await expect(
      edit.getByText('没能读取模型目录，暂时不能修改可用模型，保存时保持为“deepseek-chat、qwen-max”。'),
    ).toBeVisible();
    const monthly = edit.getByRole('textbox', { name: '每月赠送的积分（0 为不赠送）' });
    await userEvent.clear(monthly);
    await userEvent.type(monthly, '5000');
    await userEvent.click(edit.getByRole('button', { name: '保存' }));
    await expect(
      await canvas.findByText('已保存套餐“专业版”，新的每月赠送从下一个赠送日起生效。'),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(list).getAllByRole('row')[2]).toHaveTextContent(
        '5,000 积分每月 5 日deepseek-chat、qwen-max',
      ),
    );
    await expect(adminOf(loaded).calls).toContain('update plan 2');
  },
};

/** 套餐 on a phone: the table scrolls inside its section, and the form's fields stack within the width. */
export const PlansPhone: Story = {
  args: { path: '/admin/plans' },
  decorators: [onPhone(900)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '套餐列表' });
    await expect(canvas.getByRole('button', { name: '新建' })).toBeVisible();
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** The plan form names each field that is wrong before anything is asked, and a name another plan has. */
export const PlansBadInput: Story = {
  args: { path: '/admin/plans' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '套餐列表' });
    const create = within(canvas.getByRole('region', { name: '新建套餐' }));
    const monthly = create.getByRole('textbox', { name: '每月赠送的积分（0 为不赠送）' });
    await userEvent.clear(monthly);
    await userEvent.type(monthly, '-5');
    const day = create.getByRole('textbox', { name: '赠送日（每月 1–28 日）' });
    await userEvent.clear(day);
    await userEvent.type(day, '31');
    await userEvent.click(create.getByRole('button', { name: '新建' }));
    await expect(await create.findByText('请填写套餐名称。')).toBeVisible();
    await expect(create.getByText('每月赠送的积分须为 0–10,000,000 之间的整数。')).toBeVisible();
    await expect(create.getByText('赠送日须为 1–28 之间的整数。')).toBeVisible();
    await expect(day).toHaveAttribute('aria-invalid', 'true');
    await expect(adminOf(loaded).calls).toEqual(['plans', 'catalog']);

    await userEvent.type(create.getByRole('textbox', { name: '名称' }), '专业版');
    await userEvent.clear(monthly);
    await userEvent.type(monthly, '0');
    await userEvent.clear(day);
    await userEvent.type(day, '1');
    await userEvent.click(create.getByRole('button', { name: '新建' }));
    await expect(await create.findByText('已有同名的套餐。')).toBeVisible();
  },
};

/**
 * 模型: where the catalog came from and its last change; each model with its provider, price, capabilities
 * and state; each provider with where its key comes from. A model is disabled and another made default in
 * its row, and the audit log has both.
 */
export const Models: Story = {
  args: { path: '/admin/models' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('table', { name: '模型列表' });
    await expect(canvas.getByRole('link', { name: '模型' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('MODELS_CONFIG（/etc/wanxiang/models.json）')).toBeVisible();
    await expect(canvas.getByText('命令行')).toBeVisible();
    await expect(
      canvas.getByText('新价格从下一轮对话起生效，进行中的回答按开始时的价格结算。'),
    ).toBeVisible();
    let rows = within(list).getAllByRole('row');
    await expect(rows).toHaveLength(6);
    await expect(rows[1]).toHaveTextContent(
      'DeepSeek V3 deepseek-chatdeepseek输入 1 / 输出 2 积分每千词元联网搜索启用默认',
    );
    await expect(rows[3]).toHaveTextContent('通义千问 Max qwen-maxqwen每次 5 积分');
    await expect(rows[4]).toHaveTextContent('输入 9 / 输出 45 积分每千词元识图启用');
    await expect(rows[5]).toHaveTextContent('离线演示模型 offlineoffline免费—停用');

    const providers = within(canvas.getByRole('table', { name: '服务商列表' }));
    const keys = providers.getAllByRole('row').map((row) => row.children[3]?.textContent);
    await expect(keys).toEqual([
      '密钥',
      '环境变量 DEEPSEEK_API_KEY',
      '已保存（…9f3a）',
      '无法解密（JWT_SECRET 已更换），请重新填写',
      '未设置',
    ]);
    await expect(providers.getAllByRole('row')[2]).toHaveTextContent('请求头：X-DashScope-WorkSpace');
    await expect(providers.getAllByRole('row')[4]).toHaveTextContent('offline离线演示默认地址');

    await userEvent.click(within(list).getByRole('button', { name: '停用模型“DeepSeek R1”' }));
    await expect(await canvas.findByText('已停用模型“DeepSeek R1”，用户不能再选择它。')).toBeVisible();
    await waitFor(() => expect(within(list).getAllByRole('row')[2]).toHaveTextContent('停用'));
    await expect(within(list).getByRole('button', { name: '启用模型“DeepSeek R1”' })).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: '把模型“通义千问 Max”设为默认' }));
    await expect(await canvas.findByText('已把“通义千问 Max”设为默认模型。')).toBeVisible();
    rows = within(list).getAllByRole('row');
    await expect(rows[3]).toHaveTextContent('启用默认');
    await expect(rows[1]).toHaveTextContent('联网搜索启用编辑停用设为默认删除');
    await expect(canvas.getByText('ops@example.com')).toBeVisible();
    await expect(adminOf(loaded).calls).toEqual([
      'catalog',
      'update model deepseek-reasoner enabled',
      'update model qwen-max is_default',
    ]);

    await userEvent.click(canvas.getByRole('link', { name: '审计日志' }));
    const log = await canvas.findByRole('table', { name: '审计日志' });
    const entries = within(log).getAllByRole('row');
    await expect(entries[1]).toHaveTextContent('ops@example.com修改模型模型（通义千问 Max）');
    await expect(entries[2]).toHaveTextContent('ops@example.com修改模型模型（DeepSeek R1）enabled:');
  },
};

/** A model's price changed in its form: the table shows the new price, and the form closes. */
export const ModelsEditModel: Story = {
  args: { path: '/admin/models' },
  // Before its play it is the Models story's page.
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('table', { name: '模型列表' });
    await userEvent.click(within(list).getByRole('button', { name: '编辑模型“DeepSeek V3”' }));
    const form = within(await canvas.findByRole('region', { name: '编辑模型“DeepSeek V3”' }));
    await expect(form.queryByRole('textbox', { name: 'ID' })).toBeNull();
    await expect(form.getByRole('textbox', { name: '上游模型 ID' })).toHaveAttribute(
      'placeholder',
      'deepseek-chat',
    );
    const input = form.getByRole('textbox', { name: '输入：每千词元的积分' });
    await userEvent.clear(input);
    await userEvent.type(input, '1.5');
    const output = form.getByRole('textbox', { name: '输出：每千词元的积分' });
    await userEvent.clear(output);
    await userEvent.type(output, '3');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(
      await canvas.findByText('已保存模型“DeepSeek V3”，新价格从下一轮对话起生效。'),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(list).getAllByRole('row')[1]).toHaveTextContent('输入 1.5 / 输出 3 积分每千词元'),
    );
    await expect(canvas.queryByRole('region', { name: '编辑模型“DeepSeek V3”' })).toBeNull();
    // The closed form gives the focus back to the button that opened it.
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: '编辑模型“DeepSeek V3”' })).toHaveFocus(),
    );
    await expect(adminOf(loaded).calls).toContain(
      'update model deepseek-chat provider_id,name,description,upstream_model,is_per_call,input_price_credits,output_price_credits,max_output_tokens,context_tokens,supports_images,web_search,enabled',
    );
  },
};

/**
 * A new model's form names each wrong field before anything is sent (the contract's own words for an id),
 * then the server's refusal of an id already taken lands on the id.
 */
export const ModelsBadInput: Story = {
  args: { path: '/admin/models' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '模型列表' });
    await userEvent.click(canvas.getByRole('button', { name: '新增模型' }));
    const form = within(await canvas.findByRole('region', { name: '新增模型' }));
    const id = form.getByRole('textbox', { name: 'ID' });
    await userEvent.type(id, 'bad id');
    const price = form.getByRole('textbox', { name: '输入：每千词元的积分' });
    await userEvent.clear(price);
    await userEvent.type(price, '-1');
    const context = form.getByRole('textbox', { name: '上下文词元' });
    await userEvent.clear(context);
    await userEvent.type(context, '500');
    await userEvent.click(form.getByRole('button', { name: '新增' }));
    await expect(await form.findByText('只能用字母、数字和 . _ : -，并以字母或数字开头。')).toBeVisible();
    await expect(form.getByText('请填写名称，最多 100 个字。')).toBeVisible();
    await expect(form.getByText('价格须为 0–1,000,000 之间的数字。')).toBeVisible();
    await expect(form.getByText('上下文词元须为 1,000–10,000,000 之间的整数。')).toBeVisible();
    await expect(context).toHaveAttribute('aria-invalid', 'true');
    await expect(adminOf(loaded).calls).toEqual(['catalog']);

    await userEvent.clear(id);
    await userEvent.type(id, 'deepseek-chat');
    await userEvent.type(form.getByRole('textbox', { name: '名称' }), 'DeepSeek 副本');
    await userEvent.clear(price);
    await userEvent.type(price, '1');
    await userEvent.clear(context);
    await userEvent.type(context, '64000');
    await userEvent.click(form.getByRole('button', { name: '新增' }));
    await expect(await form.findByText('已有这个 ID 的模型。')).toBeVisible();
    await expect(id).toHaveAttribute('aria-invalid', 'true');
    await expect(context).not.toHaveAttribute('aria-invalid');
  },
};

/**
 * A provider's key is written, never shown: once saved the table says 已保存 with its last four characters,
 * and the key is nowhere on the page. A kept key is cleared with its checkbox.
 */
export const ModelsProviderKey: Story = {
  args: { path: '/admin/models' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('table', { name: '服务商列表' });
    await userEvent.click(within(list).getByRole('button', { name: '编辑服务商“deepseek”' }));
    const form = within(await canvas.findByRole('region', { name: '编辑服务商“deepseek”' }));
    await expect(form.getByText('没有额外的请求头。')).toBeVisible();
    await userEvent.type(form.getByLabelText('API 密钥'), 'sk-live-7Hq2Lx9Za1b2');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(
      await canvas.findByText('已保存服务商“deepseek”，所有服务器实例从下一轮对话起使用新的设置。'),
    ).toBeVisible();
    await waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveTextContent('已保存（…a1b2）'));
    await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain('sk-live-7Hq2Lx9Za1b2');
    await expect(adminOf(loaded).calls).toContain('update provider deepseek api_key');

    await userEvent.click(within(list).getByRole('button', { name: '编辑服务商“qwen”' }));
    const qwen = within(await canvas.findByRole('region', { name: '编辑服务商“qwen”' }));
    await expect(
      qwen.getByText('已设置请求头 X-DashScope-WorkSpace，它们的值不会显示。不修改就会保留。'),
    ).toBeVisible();
    await expect(qwen.getByText('留空则保留已保存的密钥（…9f3a）。')).toBeVisible();
    await userEvent.click(qwen.getByRole('checkbox', { name: '清除已保存的密钥' }));
    await userEvent.click(qwen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(list).getAllByRole('row')[2]).toHaveTextContent('未设置'));
    await expect(adminOf(loaded).calls).toContain('update provider qwen api_key');
  },
};

/**
 * Refusals: a provider whose models use it is not deleted (the dialog says why and stays), nor is the last
 * enabled model disabled (the table says why).
 */
export const ModelsDeleteRefused: Story = {
  args: { path: '/admin/models' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const providers = await canvas.findByRole('table', { name: '服务商列表' });
    await userEvent.click(within(providers).getByRole('button', { name: '删除服务商“deepseek”' }));
    const dialog = await body.findByRole('alertdialog', { name: '删除这个服务商？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    // The dialog may still be fading in when the refusal comes back.
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          '服务商“deepseek”还有 2 个模型在用，不能删除：请先删除这些模型或改用其他服务商。',
        ),
      ).toBeVisible(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(within(providers).getAllByRole('row')).toHaveLength(5);

    const list = within(canvas.getByRole('table', { name: '模型列表' }));
    for (const name of ['DeepSeek R1', '通义千问 Max', 'Claude Sonnet']) {
      await userEvent.click(list.getByRole('button', { name: `停用模型“${name}”` }));
      await expect(await list.findByRole('button', { name: `启用模型“${name}”` })).toBeVisible();
    }
    await userEvent.click(list.getByRole('button', { name: '停用模型“DeepSeek V3”' }));
    await expect(
      await canvas.findByText('至少要有一个启用的模型：不能停用或删除最后一个启用的模型。'),
    ).toBeVisible();
    await expect(list.getAllByRole('row')[1]).toHaveTextContent('启用默认');
    await expect(adminOf(loaded).calls.some((call) => call.startsWith('delete'))).toBe(false);
  },
};

/** 模型 on a phone: the tables scroll inside their sections, nothing wider than the screen. */
export const ModelsPhone: Story = {
  args: { path: '/admin/models' },
  decorators: [onPhone(900)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '模型列表' });
    await expect(canvas.getByRole('table', { name: '服务商列表' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '新增模型' })).toBeVisible();
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/**
 * 兑换码: the batches with their use and state; a batch of 3 codes worth 50 for 30 days is shown once, copied
 * in one press (and, where the clipboard refuses, the page says to copy by hand), and heads the list.
 */
export const RedeemCodes: Story = {
  args: { path: '/admin/redeem-codes' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('table', { name: '兑换码批次' });
    let rows = within(list).getAllByRole('row');
    await expect(rows.map((row) => row.lastElementChild?.previousElementSibling?.textContent)).toEqual([
      '状态',
      '可用',
      '已用完',
      '已过期',
      '已停用',
    ]);
    await expect(rows[1]).toHaveTextContent(
      '2026/11/10 10:00:00500 积分已使用 37 / 2002026/12/31 23:59:59双十一',
    );
    // Only a batch whose codes still redeem can be stopped.
    await expect(within(list).getAllByRole('button', { name: /^停用/ })).toHaveLength(1);

    const value = canvas.getByRole('textbox', { name: '每个兑换码的积分' });
    const count = canvas.getByRole('textbox', { name: '数量（1–1000）' });
    await userEvent.clear(value);
    await userEvent.type(value, '50');
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.type(canvas.getByRole('textbox', { name: '有效天数（留空为不过期）' }), '30');
    await userEvent.type(canvas.getByRole('textbox', { name: '备注' }), '社群活动');
    await userEvent.click(canvas.getByRole('button', { name: '生成' }));
    await expect(
      await canvas.findByText('已生成 3 个兑换码。请现在复制保存：离开这个页面后只能导出 CSV。'),
    ).toBeVisible();
    const codes = ['1000-QWER-TYUP-ASDF-GHJK', '1001-QWER-TYUP-ASDF-GHJK', '1002-QWER-TYUP-ASDF-GHJK'];
    await expect(canvas.getByTestId('created-codes').textContent?.split('\n')).toEqual(codes);
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(6));
    rows = within(list).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent('2026/11/28 11:00:0050 积分已使用 0 / 3');
    await expect(rows[1]).toHaveTextContent('社群活动可用');
    await expect(adminOf(loaded).calls).toEqual(['batches', 'create batch 50×3', 'batches']);

    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    try {
      await userEvent.click(canvas.getByRole('button', { name: '复制全部' }));
      await expect(write).toHaveBeenCalledWith(codes.join('\n'));
      await expect(await canvas.findByRole('status')).toHaveTextContent('已复制到剪贴板。');
      write.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
      await userEvent.click(canvas.getByRole('button', { name: '复制全部' }));
      await waitFor(() =>
        expect(canvas.getByRole('status')).toHaveTextContent(
          '没能复制：请选中上面的兑换码，按 Ctrl+C 复制。',
        ),
      );
    } finally {
      write.mockRestore();
    }
  },
};

/** The form names each field that is wrong before anything is asked. */
export const RedeemBadInput: Story = {
  args: { path: '/admin/redeem-codes' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '兑换码批次' });
    const value = canvas.getByRole('textbox', { name: '每个兑换码的积分' });
    await userEvent.clear(value);
    await userEvent.type(value, '0');
    const count = canvas.getByRole('textbox', { name: '数量（1–1000）' });
    await userEvent.clear(count);
    await userEvent.type(count, '5000');
    await userEvent.type(canvas.getByRole('textbox', { name: '有效天数（留空为不过期）' }), '三十');
    await userEvent.click(canvas.getByRole('button', { name: '生成' }));
    await expect(await canvas.findByText('每个兑换码的积分须为 1–1,000,000 之间的整数。')).toBeVisible();
    await expect(canvas.getByText('数量须为 1–1,000 之间的整数。')).toBeVisible();
    await expect(canvas.getByText('有效天数须为 1–3,650 之间的整数。')).toBeVisible();
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByTestId('created-codes')).toBeNull();
    await expect(adminOf(loaded).calls).toEqual(['batches']);
  },
};

/**
 * 导出 CSV asks for that batch's file; 停用 asks first, naming how many unused codes stop, and once confirmed
 * the row says 已停用 and the audit log has it.
 */
export const RedeemExportAndRevoke: Story = {
  args: { path: '/admin/redeem-codes' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const list = await canvas.findByRole('table', { name: '兑换码批次' });
    await userEvent.click(
      within(list).getByRole('button', { name: '导出 CSV：2026/10/31 10:00:00 生成的兑换码' }),
    );
    await waitFor(() =>
      expect(adminOf(loaded).calls).toContain('export batch 5c0e2b7a-9f41-4d8e-b3a6-000000000001'),
    );

    await userEvent.click(
      within(list).getByRole('button', { name: '停用 2026/11/10 10:00:00 生成的 500 积分兑换码' }),
    );
    const dialog = await body.findByRole('alertdialog', { name: '停用这批兑换码？' });
    await expect(dialog).toHaveTextContent('其中未使用的 163 个兑换码将不能再兑换，已兑换的积分不受影响。');
    await userEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveTextContent('已停用'));
    await expect(within(list).queryAllByRole('button', { name: /^停用/ })).toHaveLength(0);
    await userEvent.click(canvas.getByRole('link', { name: '审计日志' }));
    const log = await canvas.findByRole('table', { name: '审计日志' });
    await expect(within(log).getAllByRole('row')[1]).toHaveTextContent(
      'ops@example.com停用兑换码兑换码批次（双十一）',
    );
  },
};

/** A phone's width: the form's fields stack, and the batch table scrolls inside its section. */
export const RedeemCodesPhone: Story = {
  args: { path: '/admin/redeem-codes' },
  decorators: [onPhone(900)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '兑换码批次' });
    await expect(canvas.getByRole('button', { name: '生成' })).toBeVisible();
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/**
 * 邀请码: the registration policy, the codes with their uses and state; two new codes for a note are shown
 * once and head the list.
 */
export const Invites: Story = {
  args: { path: '/admin/invites' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('table', { name: '邀请码列表' });
    await expect(canvas.getByText('凭邀请码注册')).toBeVisible();
    await expect(canvas.getByText('1,000 积分')).toBeVisible();
    await expect(canvas.getByText('10 个账号')).toBeVisible();
    const rows = within(list).getAllByRole('row');
    await expect(rows.map((row) => row.lastElementChild?.previousElementSibling?.textContent)).toEqual([
      '状态',
      '可用',
      '已用完',
      '已过期',
      '已停用',
    ]);
    await expect(rows[1]).toHaveTextContent('#40');
    await expect(rows[1]).toHaveTextContent('内测群7 / 20');
    await expect(within(list).getAllByRole('button', { name: /^停用邀请码/ })).toHaveLength(1);

    const count = canvas.getByRole('textbox', { name: '数量（1–100）' });
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await userEvent.type(canvas.getByRole('textbox', { name: '备注（发给谁）' }), '新同事');
    await userEvent.click(canvas.getByRole('button', { name: '生成' }));
    await expect(
      await canvas.findByText('已生成 2 个邀请码。请现在复制保存：离开这个页面后无法再次查看。'),
    ).toBeVisible();
    await expect(canvas.getByTestId('created-invites').textContent?.split('\n')).toHaveLength(2);
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(7));
    await expect(within(list).getAllByRole('row')[1]).toHaveTextContent('新同事0 / 1');
    await expect(adminOf(loaded).calls).toContain('create invites 2×1');
  },
};

/** The form names each field that is wrong before anything is asked. */
export const InvitesBadInput: Story = {
  args: { path: '/admin/invites' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '邀请码列表' });
    const count = canvas.getByRole('textbox', { name: '数量（1–100）' });
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    const uses = canvas.getByRole('textbox', { name: '每个可注册次数（1–1000）' });
    await userEvent.clear(uses);
    await userEvent.type(uses, '1.5');
    await userEvent.type(canvas.getByRole('textbox', { name: '有效天数（留空为不过期）' }), '400');
    await userEvent.click(canvas.getByRole('button', { name: '生成' }));
    await expect(await canvas.findByText('数量须为 1–100 之间的整数。')).toBeVisible();
    await expect(canvas.getByText('可注册次数须为 1–1,000 之间的整数。')).toBeVisible();
    await expect(canvas.getByText('有效天数须为 1–365 之间的整数。')).toBeVisible();
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await expect(adminOf(loaded).calls.some((call) => call.startsWith('create invites'))).toBe(false);
  },
};

/** Stopping a code asks first; the row then says 已停用 and the audit log has it. */
export const InviteRevoke: Story = {
  args: { path: '/admin/invites' },
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const list = await canvas.findByRole('table', { name: '邀请码列表' });
    await userEvent.click(within(list).getByRole('button', { name: '停用邀请码 #40' }));
    const dialog = await body.findByRole('alertdialog', { name: '停用这个邀请码？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveTextContent('已停用'));
    await expect(within(list).queryAllByRole('button', { name: /^停用邀请码/ })).toHaveLength(0);
    await userEvent.click(canvas.getByRole('link', { name: '审计日志' }));
    const log = await canvas.findByRole('table', { name: '审计日志' });
    await expect(within(log).getAllByRole('row')[1]).toHaveTextContent(
      'ops@example.com停用邀请码邀请码（内测群）',
    );
  },
};

/**
 * 注册设置: the policy of the environment, changed in the console (closed, other sign-up credits), said to
 * come from the console and by whom, then given back to the environment after a confirmation; the audit log
 * keeps both.
 */
export const RegistrationPolicy: Story = {
  args: { path: '/admin/invites' },
  // Before its play it is the Invites story's page.
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const panel = within(await canvas.findByRole('region', { name: '注册设置' }));
    await expect(panel.getByText(/^当前来自服务器设置/)).toBeVisible();
    await expect(panel.getByText('https://wanxiang.example/terms')).toBeVisible();
    await expect(panel.getByText('未设置')).toBeVisible();
    await expect(panel.queryByRole('button', { name: '恢复为服务器设置' })).toBeNull();

    await userEvent.click(panel.getByRole('button', { name: '修改' }));
    const form = within(panel.getByRole('form', { name: '修改注册设置' }));
    await userEvent.click(form.getByRole('button', { name: /注册方式/ }));
    await userEvent.click(await body.findByRole('option', { name: '已关闭注册' }));
    await expect(form.getByText('不再接受新注册，已有账号照常登录。')).toBeVisible();
    const credits = form.getByRole('textbox', { name: '新用户赠送的积分' });
    await userEvent.clear(credits);
    await userEvent.type(credits, '200');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(await panel.findByText('注册设置已保存，从下一次注册起生效。')).toBeVisible();
    await expect(adminOf(loaded).calls).toContain('policy closed 200 10');
    await waitFor(() => expect(panel.getByText('已关闭注册')).toBeVisible());
    await expect(panel.getByText('200 积分')).toBeVisible();
    await expect(panel.getByText(/^由 ops@example\.com 于 .+ 在控制台设置/)).toBeVisible();

    await userEvent.click(panel.getByRole('button', { name: '恢复为服务器设置' }));
    const dialog = await body.findByRole('alertdialog', { name: '恢复为服务器设置？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '恢复为服务器设置' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(await panel.findByText('已恢复为服务器设置。')).toBeVisible();
    await waitFor(() => expect(panel.getByText('凭邀请码注册')).toBeVisible());
    await expect(panel.getByText('1,000 积分')).toBeVisible();

    await userEvent.click(canvas.getByRole('link', { name: '审计日志' }));
    const log = await canvas.findByRole('table', { name: '审计日志' });
    const rows = within(log).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent('注册设置恢复为服务器设置');
    await expect(rows[2]).toHaveTextContent('修改注册设置');
  },
};

/** Each wrong field of the policy is named before anything is sent. */
export const RegistrationPolicyBadInput: Story = {
  args: { path: '/admin/invites' },
  tags: ['!vrt'],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const panel = within(await canvas.findByRole('region', { name: '注册设置' }));
    await userEvent.click(panel.getByRole('button', { name: '修改' }));
    const credits = panel.getByRole('textbox', { name: '新用户赠送的积分' });
    await userEvent.clear(credits);
    await userEvent.type(credits, '-5');
    const cap = panel.getByRole('textbox', { name: '每个地址每天最多注册的账号数' });
    await userEvent.clear(cap);
    await userEvent.type(cap, '0');
    await userEvent.click(panel.getByRole('button', { name: '保存' }));
    await expect(await panel.findByText('新用户赠送的积分须为 0–1,000,000,000 之间的整数。')).toBeVisible();
    await expect(panel.getByText('每天注册数须为 1–1,000,000 之间的整数。')).toBeVisible();
    await expect(credits).toHaveAttribute('aria-invalid', 'true');
    await expect(adminOf(loaded).calls.some((call) => call.startsWith('policy'))).toBe(false);
  },
};

/** The policy's form on a phone: every field and button within the width. */
export const RegistrationPolicyPhone: Story = {
  args: { path: '/admin/invites' },
  decorators: [onPhone(900)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = within(await canvas.findByRole('region', { name: '注册设置' }));
    await userEvent.click(panel.getByRole('button', { name: '修改' }));
    await expect(panel.getByRole('button', { name: '保存' })).toBeVisible();
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** Open registration: the page says codes are not asked for until the server runs invite-only. */
export const InvitesOpenRegistration: Story = {
  args: { path: '/admin/invites', registrationMode: 'open' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('开放注册')).toBeVisible();
    await expect(
      canvas.getByText('当前注册不需要邀请码：把注册方式改为“凭邀请码注册”后，新用户须填写邀请码。'),
    ).toBeVisible();
  },
};

/** 审计日志: who did what to whom, the command line named as such. */
export const AuditLog: Story = {
  args: { path: '/admin/audit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await canvas.findByRole('table', { name: '审计日志' });
    const rows = within(log).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(rows[1]).toHaveTextContent(
      'ops@example.com调整积分user3@example.comdelta: 100，reason: 活动奖励',
    );
    await expect(rows[2]).toHaveTextContent('兑换码批次（双十一）');
    await expect(rows[3]).toHaveTextContent('命令行设为管理员ops@example.com');
  },
};

/** A signed-in user who is not an admin reads why the console is closed. */
export const Forbidden: Story = {
  args: { forbidden: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('只有管理员可以进入管理后台。')).toBeVisible();
  },
};

/** A phone's width: the nav runs along the top, and the user table scrolls inside its section. */
export const Phone: Story = {
  decorators: [onPhone(700)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: '用户列表' });
    const nav = canvas.getByRole('navigation', { name: '管理' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual([
      '用户',
      '用量',
      '套餐',
      '模型',
      '兑换码',
      '邀请码',
      '审计日志',
    ]);
    const tops = links.map((link) => Math.round(link.getBoundingClientRect().top));
    await expect(new Set(tops).size).toBe(1);
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(390);
  },
};
