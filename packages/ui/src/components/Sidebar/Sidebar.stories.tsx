import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DemoSidebar } from '../private/ShellStoryParts';
import { Sidebar } from './Sidebar';

const navigate = fn();
const onDelete = fn();

const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: { children: null },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <div style={{ width: '260px', height: '640px' }}>
          <Story />
        </div>
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  render: () => <DemoSidebar currentPath="/home" />,
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: '主导航' });
    await expect(within(nav).getByRole('link', { name: '对话' })).toHaveAttribute('aria-current', 'page');
    // Untitled sessions get the fallback label 未命名会话.
    await expect(within(nav).getByRole('link', { name: '未命名会话' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /李明/ })).toHaveAttribute('aria-haspopup', 'true');
  },
};

export const DeleteSessionOnHover: Story = {
  render: () => <DemoSidebar onDeleteSession={onDelete} />,
  play: async ({ canvas }) => {
    onDelete.mockClear();
    const row = canvas.getByRole('link', { name: '季度销售数据分析' });
    await userEvent.hover(row);
    await userEvent.click(canvas.getByRole('button', { name: '删除会话：季度销售数据分析' }));
    await expect(onDelete).toHaveBeenCalledWith('s1');
  },
};

export const Minimal: Story = {
  args: { children: '导航内容' },
};

export const LongNavigationScrolls: Story = {
  render: () => (
    <div style={{ height: '360px' }}>
      <DemoSidebar currentPath="/stock" />
    </div>
  ),
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: '主导航' });
    // The footer stays in view; the navigation scrolls on its own.
    await expect(nav.scrollHeight).toBeGreaterThan(nav.clientHeight);
    await expect(canvas.getByRole('button', { name: /李明/ })).toBeVisible();
  },
};
