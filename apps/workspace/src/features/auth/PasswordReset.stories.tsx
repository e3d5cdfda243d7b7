import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AuthApi } from '@wanxiang/api-client/auth';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { refused } from '../admin/refused';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const REQUESTED =
  '如果该邮箱已注册，我们已向它发送了重置密码的链接，30 分钟内有效。请查收邮件（也请看看垃圾邮件）。';

type Outcome = 'ok' | 'expired' | 'weak' | 'throttled';

/** The server's two reset endpoints, answering as it does for `outcome`; every call is noted. */
function fakeAuth(outcome: Outcome) {
  const calls: string[] = [];
  const auth: Pick<AuthApi, 'requestPasswordReset' | 'resetPassword'> = {
    async requestPasswordReset(email) {
      calls.push(`request ${email}`);
      if (outcome === 'throttled')
        throw refused(429, { detail: '请求过于频繁，请 1 分钟后再试。', code: 'throttled' });
      return REQUESTED;
    },
    async resetPassword({ token, new_password }) {
      calls.push(`reset ${token} ${new_password}`);
      if (outcome === 'expired')
        throw refused(400, {
          detail: '重置链接已过期（30 分钟内有效），请重新申请。',
          code: 'reset_expired',
        });
      if (outcome === 'weak') throw refused(400, { errors: { new_password: ['密码不能全为数字。'] } });
      return '密码已重置，所有设备上的登录已退出。请用新密码登录。';
    },
  };
  return { auth, calls };
}

/** Where the page went, shown in place of the next page. */
function Arrived() {
  const { pathname, search } = useLocation();
  return <p data-testid="arrived">{`${pathname}${search}`}</p>;
}

type Args = { path: string; outcome: Outcome };

/**
 * No screenshots: the pages' logo is one of the app's static files, which the screenshot runner does not
 * serve. Each story still runs, with its accessibility check, in both themes.
 */
const NO_SCREENSHOT = ['!vrt'];
type Fake = ReturnType<typeof fakeAuth>;
const fakeOf = (loaded: Record<string, unknown>) => loaded.fake as Fake;

const meta = {
  title: 'Auth/PasswordReset',
  parameters: {
    layout: 'fullscreen',
    // The pending submit buttons leave react-aria's announcements behind.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
  args: { path: '/forgot-password', outcome: 'ok' },
  loaders: [({ args }) => ({ fake: fakeAuth(args.outcome) })],
  render: (args, { loaded }) => {
    const { auth } = fakeOf(loaded);
    return (
      <MemoryRouter initialEntries={[args.path]}>
        <Routes>
          <Route path="/forgot-password" element={<ForgotPasswordPage auth={auth} />} />
          <Route path="/reset-password" element={<ResetPasswordPage auth={auth} />} />
          <Route path="*" element={<Arrived />} />
        </Routes>
      </MemoryRouter>
    );
  },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

const onPhone = (Story: () => ReactNode) => (
  <div style={{ width: 390, height: 760 }}>
    <Story />
  </div>
);

/** 找回密码: the address, then the server's answer (the same whether it has an account); the form stays. */
export const ForgotPassword: Story = {
  tags: NO_SCREENSHOT,
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: '找回密码' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('邮箱'), 'li@example.com');
    await userEvent.click(canvas.getByRole('button', { name: '发送重置链接' }));
    await expect(await canvas.findByText(REQUESTED)).toBeVisible();
    await expect(fakeOf(loaded).calls).toEqual(['request li@example.com']);
    // Sent again, to a corrected address: the button is ready.
    await waitFor(() => expect(canvas.getByRole('button', { name: '发送重置链接' })).toBeEnabled());
    await expect(canvas.getByRole('link', { name: '返回登录' })).toHaveAttribute('href', '/login');
  },
};

/** Asked too often: the server's wait is said, and nothing else changes. */
export const ForgotPasswordThrottled: Story = {
  tags: NO_SCREENSHOT,
  args: { outcome: 'throttled' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('邮箱'), 'li@example.com');
    await userEvent.click(canvas.getByRole('button', { name: '发送重置链接' }));
    await expect(await canvas.findByText(/请求过于频繁，请 1 分钟后再试/)).toBeVisible();
    await expect(canvas.queryByText(REQUESTED)).toBeNull();
  },
};

/** 设置新密码 from the e-mailed link: the new password twice, then the sign-in page saying it is done. */
export const ResetPassword: Story = {
  tags: NO_SCREENSHOT,
  args: { path: '/reset-password#token=abc123' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: '设置新密码' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('新密码'), 'a new horse 7');
    await userEvent.type(canvas.getByLabelText('确认新密码'), 'a new horse 7');
    await userEvent.click(canvas.getByRole('button', { name: '设置新密码' }));
    await expect(await canvas.findByTestId('arrived')).toHaveTextContent('/login?reset=1');
    await expect(fakeOf(loaded).calls).toEqual(['reset abc123 a new horse 7']);
  },
};

/** Two different passwords are caught before anything is sent. */
export const ResetPasswordMismatch: Story = {
  tags: NO_SCREENSHOT,
  args: { path: '/reset-password#token=abc123' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('新密码'), 'a new horse 7');
    await userEvent.type(canvas.getByLabelText('确认新密码'), 'a new horse 8');
    await userEvent.click(canvas.getByRole('button', { name: '设置新密码' }));
    await expect(await canvas.findByText('两次输入的新密码不一致')).toBeVisible();
    await expect(canvas.getByLabelText('确认新密码')).toHaveAttribute('aria-invalid', 'true');
    await expect(fakeOf(loaded).calls).toEqual([]);
  },
};

/** An expired link says so, with the way to ask for another. */
export const ResetPasswordExpired: Story = {
  tags: NO_SCREENSHOT,
  args: { path: '/reset-password#token=old', outcome: 'expired' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('新密码'), 'a new horse 7');
    await userEvent.type(canvas.getByLabelText('确认新密码'), 'a new horse 7');
    await userEvent.click(canvas.getByRole('button', { name: '设置新密码' }));
    await expect(await canvas.findByText(/重置链接已过期/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: '重新申请' })).toHaveAttribute('href', '/forgot-password');
  },
};

/** A password the rules refuse: the server's reason under the field. */
export const ResetPasswordWeak: Story = {
  tags: NO_SCREENSHOT,
  args: { path: '/reset-password#token=abc123', outcome: 'weak' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('新密码'), '12345678');
    await userEvent.type(canvas.getByLabelText('确认新密码'), '12345678');
    await userEvent.click(canvas.getByRole('button', { name: '设置新密码' }));
    await expect(await canvas.findByText('密码不能全为数字')).toBeVisible();
    await expect(canvas.getByLabelText('新密码')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A link cut short (no token): the page says to open the whole link. */
export const ResetPasswordIncompleteLink: Story = {
  tags: NO_SCREENSHOT,
  args: { path: '/reset-password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('链接不完整：请打开邮件中的完整链接，或重新申请。')).toBeVisible();
  },
};

/** Both pages on a phone: within its width. */
export const ForgotPasswordPhone: Story = {
  tags: NO_SCREENSHOT,
  decorators: [onPhone],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: '发送重置链接' })).toBeVisible();
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(390);
  },
};

export const ResetPasswordPhone: Story = {
  tags: NO_SCREENSHOT,
  args: { path: '/reset-password#token=abc123' },
  decorators: [onPhone],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: '设置新密码' })).toBeVisible();
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(390);
  },
};
