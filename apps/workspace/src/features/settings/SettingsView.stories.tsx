import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AccountSession, SecurityApi } from '@wanxiang/api-client';
import { ApiError } from '@wanxiang/api-client';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import * as styles from './Settings.css';
import { DeleteSection, SessionsSection, SettingsView } from './SettingsView';

const PASSWORD = 'correct horse battery';

/** A refusal as the server words it: 400 with the field's messages. */
function refused(errors: Record<string, string[]>): ApiError {
  return new ApiError(new Response(null, { status: 400 }), { errors });
}

/**
 * The account as an in-memory server keeps it: three sign-ins (this laptop, a phone, an office PC), the
 * password above; every call answers as the real one does, so that the play functions see the page react.
 */
function fakeSecurity(): SecurityApi & { calls: string[] } {
  let sessions: AccountSession[] = [
    {
      id: 'a',
      device: 'Chrome · Windows',
      ip: '203.0.113.8',
      created_at: '2026-11-20T01:12:00Z',
      last_used_at: '2026-11-28T02:40:00Z',
      current: true,
    },
    {
      id: 'b',
      device: 'Safari · iOS',
      ip: '198.51.100.23',
      created_at: '2026-11-02T12:00:00Z',
      last_used_at: '2026-11-27T13:05:00Z',
      current: false,
    },
    {
      id: 'c',
      device: 'Edge · Windows',
      ip: null,
      created_at: '2026-10-11T00:30:00Z',
      last_used_at: '2026-10-30T09:15:00Z',
      current: false,
    },
  ];
  const calls: string[] = [];
  return {
    calls,
    async sessions() {
      return { sessions };
    },
    async endSession(id) {
      calls.push(`end ${id}`);
      sessions = sessions.filter((session) => session.id !== id);
    },
    async endAllSessions({ keep_current }) {
      calls.push(`end all ${keep_current ? 'but this' : ''}`.trim());
      const ended = sessions.filter((session) => !(keep_current && session.current)).length;
      sessions = sessions.filter((session) => keep_current && session.current);
      return ended;
    },
    async changePassword({ old_password, new_password }) {
      if (old_password !== PASSWORD) throw refused({ old_password: ['密码不正确。'] });
      if (new_password.length < 8) throw refused({ new_password: ['密码至少需要 8 个字符。'] });
      calls.push('password');
      sessions = sessions.filter((session) => session.current);
      return '密码已修改，其他设备上的登录已退出。';
    },
    async updateProfile({ nickname }) {
      if (nickname && [...nickname].length > 30) throw refused({ nickname: ['昵称不能超过 30 个字符。'] });
      calls.push(`nickname ${nickname}`);
    },
    async deleteAccount({ password }) {
      if (password !== PASSWORD) throw refused({ password: ['密码不正确。'] });
      calls.push('delete');
    },
    // As the server does: the bytes decide (a 16–1024 px image), and the answer is the image's address.
    async uploadAvatar(image) {
      const bitmap = await createImageBitmap(image).catch(() => null);
      if (!bitmap) {
        throw new ApiError(new Response(null, { status: 400 }), {
          detail: '这不是可用的图片：头像只支持 PNG、JPEG 或 WebP。',
        });
      }
      calls.push(`avatar ${image.type} ${bitmap.width}×${bitmap.height}`);
      bitmap.close();
      return URL.createObjectURL(image);
    },
    async removeAvatar() {
      calls.push('remove avatar');
    },
  };
}

/** A 400×300 PNG drawn on a canvas: wider than tall, so the crop to a square shows. */
async function photo(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 400;
  canvas.height = 300;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  context.fillStyle = '#2f6fd1';
  context.fillRect(0, 0, 400, 300);
  context.fillStyle = '#f2c94c';
  context.fillRect(150, 100, 100, 100);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
  return new File([blob], 'photo.png', { type: 'image/png' });
}

const meta = {
  title: 'Settings/SettingsView',
  component: SettingsView,
  args: { email: 'lin@example.com', nickname: '林小万', timeZone: 'Asia/Shanghai', security: fakeSecurity() },
  parameters: {
    layout: 'fullscreen',
    // react-aria's announcer keeps what a pending button said (labelled by a ring that is gone) for a while.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
} satisfies Meta<typeof SettingsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The page as it opens: profile, password, the three sign-ins (this one marked 本机), 注销账号. */
export const Overview: Story = {
  args: { security: fakeSecurity() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: '登录设备' });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('Chrome · Windows本机');
    // Times in the zone given (the browser's in the app): 10:40 in Shanghai.
    await expect(rows[0]).toHaveTextContent('最近使用 2026年11月28日 10:40');
    await expect(rows[2]).toHaveTextContent('未知地址');
    await expect(canvas.getByRole('textbox', { name: '邮箱' })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('heading', { name: '注销账号' })).toBeVisible();
  },
};

/** Ending one device's sign-in, then all the others: the list follows and says how many ended. */
export const EndSessions: Story = {
  args: { security: fakeSecurity() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '退出 Safari · iOS 上的登录' }));
    await expect(await canvas.findByText('已退出 1 个登录')).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: '退出其他设备' }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
    await expect(canvas.getByRole('button', { name: '退出其他设备' })).toBeDisabled();
    await expect((args.security as ReturnType<typeof fakeSecurity>).calls).toEqual([
      'end b',
      'end all but this',
    ]);
  },
};

/** A wrong current password is named under its field; a mismatch under the confirmation; then success. */
export const ChangePassword: Story = {
  args: { security: fakeSecurity() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const current = canvas.getByLabelText(/^当前密码/, { selector: 'input' });
    const next = canvas.getByLabelText(/^新密码/, { selector: 'input' });
    const confirm = canvas.getByLabelText(/^确认新密码/, { selector: 'input' });
    await userEvent.type(current, 'wrong password');
    await userEvent.type(next, 'a brand new secret');
    await userEvent.type(confirm, 'a brand new secret');
    await userEvent.click(canvas.getByRole('button', { name: '修改密码' }));
    await expect(await canvas.findByText('密码不正确')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(current);
    await userEvent.type(current, PASSWORD);
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'something else');
    await userEvent.click(canvas.getByRole('button', { name: '修改密码' }));
    await expect(await canvas.findByText('两次输入的新密码不一致')).toBeVisible();

    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'a brand new secret');
    await userEvent.click(canvas.getByRole('button', { name: '修改密码' }));
    await expect(await canvas.findByText('密码已修改，其他设备上的登录已退出')).toBeVisible();
    await expect(current).toHaveValue('');
    // The other devices went with the old password.
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
  },
};

/** 注销账号 asks for the password in a dialog; a wrong one is said there and nothing is deleted. */
export const DeleteAccount: Story = {
  args: { security: fakeSecurity() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '注销账号' }));
    const dialog = within(await within(document.body).findByRole('alertdialog', { name: '永久注销账号？' }));
    await userEvent.type(dialog.getByLabelText('密码', { selector: 'input' }), 'not it');
    await userEvent.click(dialog.getByRole('button', { name: '永久注销' }));
    await expect(await dialog.findByText('密码不正确')).toBeVisible();
    const security = args.security as ReturnType<typeof fakeSecurity>;
    await expect(security.calls).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: '取消' }));
  },
};

/** On a phone: the sections stack, each device's row keeps its 退出 button beside the text. */
export const OnAPhone: Story = {
  args: { security: fakeSecurity() },
  render: (args) => (
    <div style={{ width: 390 }}>
      <SettingsView {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const end = await canvas.findByRole('button', { name: '退出 Safari · iOS 上的登录' });
    const row = end.closest('li') as HTMLElement;
    await expect(end.getBoundingClientRect().right).toBeLessThanOrEqual(
      row.getBoundingClientRect().right + 1,
    );
  },
};

/**
 * 头像: a GIF is refused before anything is sent, a damaged PNG is said to be unreadable, a 400×300 photo is
 * cut to its square and sent as a 256×256 WebP and shows, and 移除头像 brings the letter back.
 */
export const Avatar: Story = {
  args: { security: fakeSecurity() },
  tags: ['!vrt'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const security = args.security as ReturnType<typeof fakeSecurity>;
    await expect(canvas.getByRole('img', { name: '尚未设置头像' })).toHaveTextContent('林');
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['GIF89a'], 'moving.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    await expect(await canvas.findByText('头像只支持 PNG、JPEG 或 WebP 图片')).toBeVisible();
    await userEvent.upload(input, new File(['not a picture'], 'broken.png', { type: 'image/png' }));
    await expect(await canvas.findByText('无法读取这张图片，它可能已损坏')).toBeVisible();
    await expect(security.calls).toEqual([]);

    await userEvent.upload(input, await photo());
    await expect(await canvas.findByText('头像已更新')).toBeVisible();
    await expect(security.calls).toEqual(['avatar image/webp 256×256']);
    const shown = canvas.getByRole('img', { name: '当前头像' }) as HTMLImageElement;
    await waitFor(() => expect(shown.naturalWidth).toBe(256));

    await userEvent.click(canvas.getByRole('button', { name: '移除头像' }));
    await expect(await canvas.findByText('头像已移除')).toBeVisible();
    await expect(canvas.getByRole('img', { name: '尚未设置头像' })).toBeVisible();
  },
};

/** The lower half of the page on its own, so that its screenshot shows the devices and 注销账号. */
export const SignInsAndDeletion: Story = {
  args: { security: fakeSecurity() },
  render: (args) => (
    <div className={styles.page}>
      <SessionsSection security={args.security} timeZone="Asia/Shanghai" reloadKey={0} />
      <DeleteSection security={args.security} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: '退出所有设备' })).toBeEnabled();
  },
};
