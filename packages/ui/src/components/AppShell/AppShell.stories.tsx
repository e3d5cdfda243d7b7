import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { PlusIcon } from '../../icons';
import { EmptyState } from '../EmptyState/EmptyState';
import { IconButton } from '../IconButton/IconButton';
import { DemoSidebar } from '../private/ShellStoryParts';
import { AppShell } from './AppShell';

const navigate = fn();

const meta = {
  title: 'Shell/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    sidebar: <DemoSidebar currentPath="/document" />,
    mobileTitle: '万象',
    onNavigationOpenChange: fn(),
    children: <EmptyState title="文档" description="本地文档与云端文档都在这里。" headingLevel={2} />,
  },
  decorators: [
    (Story) => (
      // Links navigate through the app's router; here the router is a spy, so the story page stays put.
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: '主导航' });
    await expect(within(nav).getByRole('link', { name: '文档' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('main')).toHaveTextContent('本地文档与云端文档都在这里。');
    // On a wide screen there is no menu button.
    await expect(canvas.getByRole('button', { name: '打开菜单', hidden: true })).not.toBeVisible();
  },
};

/** The sidebar folds to a rail at the user's word and opens again; the app remembers the choice. */
export const CollapsibleSidebar: Story = {
  render: function Render(args) {
    const [collapsed, setCollapsed] = useState(false);
    return <AppShell {...args} isSidebarCollapsed={collapsed} onSidebarCollapsedChange={setCollapsed} />;
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '收起侧边栏' }));
    await expect(canvas.queryByRole('navigation', { name: '主导航' })).toBeNull();
    const expand = canvas.getByRole('button', { name: '展开侧边栏' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    await expect(canvas.getByRole('navigation', { name: '主导航' })).toBeVisible();
  },
};

/** Folded: a narrow rail, the page takes the width. */
export const SidebarCollapsed: Story = {
  args: { isSidebarCollapsed: true, onSidebarCollapsedChange: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '展开侧边栏' }));
    await expect(args.onSidebarCollapsedChange).toHaveBeenCalledWith(false);
  },
};

export const NavigatesThroughRouter: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: '主导航' });
    await userEvent.click(within(nav).getByRole('link', { name: '股票' }));
    await expect(navigate).toHaveBeenCalledWith('/stock', undefined);
  },
};

const narrow: Story['decorators'] = [
  (Story) => (
    <div style={{ width: '375px', height: '667px', border: '1px dashed currentColor' }}>
      <Story />
    </div>
  ),
];

export const Mobile: Story = {
  decorators: narrow,
  play: async ({ canvas }) => {
    // Below 768 px the sidebar is hidden behind the menu button.
    await expect(canvas.getByRole('button', { name: '打开菜单' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: '主导航', hidden: true })).not.toBeVisible();
  },
};

const startChat = fn();

/** The page's most used action sits at the top bar's other end, one tap away; on a wide screen it is not shown. */
export const MobileAction: Story = {
  decorators: narrow,
  args: {
    mobileActions: (
      <IconButton aria-label="新建对话" onPress={startChat}>
        <PlusIcon />
      </IconButton>
    ),
  },
  beforeEach: () => {
    startChat.mockClear();
  },
  play: async ({ canvas }) => {
    const action = canvas.getByRole('button', { name: '新建对话' });
    const menu = canvas.getByRole('button', { name: '打开菜单' });
    await expect(action).toBeVisible();
    await expect(action.getBoundingClientRect().left).toBeGreaterThan(
      menu.getBoundingClientRect().right + 200,
    );
    await userEvent.click(action);
    await expect(startChat).toHaveBeenCalledTimes(1);
  },
};

export const MobileDrawerOpen: Story = {
  decorators: narrow,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog', { name: '导航菜单' });
    await expect(args.onNavigationOpenChange).toHaveBeenCalledWith(true);
    await expect(within(drawer).getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
  },
};

export const MobileDrawerClosesOnNavigation: Story = {
  decorators: narrow,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog', { name: '导航菜单' });
    await userEvent.click(within(drawer).getByRole('link', { name: '股票' }));
    await expect(navigate).toHaveBeenCalledWith('/stock', undefined);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导航菜单' })).not.toBeInTheDocument());
  },
};

export const MobileDrawerEscapeCloses: Story = {
  decorators: narrow,
  play: async ({ canvas }) => {
    const menuButton = canvas.getByRole('button', { name: '打开菜单' });
    await userEvent.click(menuButton);
    await screen.findByRole('dialog', { name: '导航菜单' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导航菜单' })).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  },
};

export const MobileDrawerCloseButton: Story = {
  decorators: narrow,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog', { name: '导航菜单' });
    await userEvent.click(within(drawer).getByRole('button', { name: '关闭菜单' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导航菜单' })).not.toBeInTheDocument());
  },
};

export const SkipLink: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('main')).toHaveFocus());
  },
};
