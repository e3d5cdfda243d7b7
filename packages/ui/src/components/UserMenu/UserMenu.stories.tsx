import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { MenuItem } from '../Menu/Menu';
import { UserMenu, userMenuStatuses } from './UserMenu';

const meta = {
  title: 'Shell/UserMenu',
  component: UserMenu,
  args: {
    name: '李明',
    email: 'liming@example.com',
    planName: '专业版',
    credits: 12800,
    onLogout: fn(),
    onOpenChange: fn(),
    themePreference: 'system',
    onThemePreferenceChange: fn(),
  },
  argTypes: { status: { control: 'inline-radio', options: userMenuStatuses } },
  decorators: [
    (Story) => (
      <div style={{ width: '244px', paddingTop: '380px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UserMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /李明/ })).toHaveTextContent('专业版');
  },
};

export const Open: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /李明/ }));
    const menu = await screen.findByRole('menu');
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    // The balance uses the locale's grouping and the credits suffix.
    await expect(within(menu).getByText('12,800 积分')).toBeInTheDocument();
    await expect(within(menu).getByRole('menuitemradio', { name: /跟随系统/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  },
};

export const Refreshing: Story = {
  args: { status: 'refreshing' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /李明/ }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('正在获取最新信息…')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /李明/ }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('用户信息加载失败')).toBeInTheDocument();
  },
};

/** Before the first answer about the account: a spinner and 加载中…, no made-up plan. */
export const AccountLoading: Story = {
  args: { account: 'loading', name: '' },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /加载中…/ });
    await expect(trigger).not.toHaveTextContent('默认计划');
  },
};

/** The account could not be fetched: it says so, and the menu offers 重试 (theme and logout still work). */
export const AccountUnavailable: Story = {
  args: { account: 'unavailable', name: '', onRetry: fn() },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: /无法加载账户信息/ });
    await expect(trigger).not.toHaveTextContent('默认计划');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: '退出登录' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: '重试' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const DefaultPlanAndEmailOnly: Story = {
  args: { name: 'wang.fang@example.com', email: 'wang.fang@example.com', planName: undefined, credits: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /wang\.fang/ })).toHaveTextContent('默认计划');
  },
};

export const ChooseTheme: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /李明/ }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /深色/ }));
    await expect(args.onThemePreferenceChange).toHaveBeenCalledWith('dark');
  },
};

export const Logout: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /李明/ }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: '退出登录' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

export const WithAppEntries: Story = {
  args: { children: <MenuItem id="settings">账户设置</MenuItem> },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /李明/ }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: '账户设置' })).toBeInTheDocument();
  },
};

export const LongName: Story = {
  args: { name: '欧阳上官诸葛司马慕容长名字用户', planName: '企业旗舰版（年付）' },
};

/** The account's storage under the balance: 存储空间, the app's words for it, and a bar. */
export const WithStorage: Story = {
  // Open only in its play; closed, it looks as Closed does.
  tags: ['!vrt'],
  args: { storage: { used: 1.2 * 1024 ** 3, quota: 5 * 1024 ** 3, text: '已用 1.2 GB / 5 GB' } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /李明/ }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('存储空间')).toBeInTheDocument();
    await expect(within(menu).getByText('已用 1.2 GB / 5 GB')).toBeInTheDocument();
  },
};

/** Nothing left: the bar is full, in the danger tone, whatever the count says past the allowance. */
export const StorageFull: Story = {
  tags: ['!vrt'],
  args: { storage: { used: 1024 ** 3 + 5 * 1024 ** 2, quota: 1024 ** 3, text: '已用 1.0 GB / 1 GB' } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /李明/ }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('已用 1.0 GB / 1 GB')).toBeInTheDocument();
  },
};
