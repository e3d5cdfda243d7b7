import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Key, Selection } from 'react-aria-components';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  CopyIcon,
  DocumentIcon,
  LogoutIcon,
  MonitorIcon,
  MoonIcon,
  MoreIcon,
  SunIcon,
  TrashIcon,
} from '../../icons';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from './Menu';

const meta = {
  title: 'Components/Menu',
  component: Menu,
  args: { onAction: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  render: (args) => (
    <MenuTrigger>
      <IconButton aria-label="更多操作">
        <MoreIcon />
      </IconButton>
      <Menu {...args}>
        <MenuItem id="copy">复制</MenuItem>
      </Menu>
    </MenuTrigger>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '更多操作' })).toHaveAttribute('aria-haspopup', 'true');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const Open: Story = {
  render: (args) => (
    <MenuTrigger>
      <Button>会话操作</Button>
      <Menu {...args}>
        <MenuItem id="copy" icon={<CopyIcon />} shortcut="Ctrl+C">
          复制链接
        </MenuItem>
        <MenuItem id="export" icon={<DocumentIcon />} description="导出为可编辑的文档">
          导出为文档
        </MenuItem>
        <MenuItem id="share" isDisabled>
          分享（即将推出）
        </MenuItem>
        <MenuSeparator />
        <MenuItem id="delete" icon={<TrashIcon />} tone="danger">
          删除会话
        </MenuItem>
      </Menu>
    </MenuTrigger>
  ),
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '会话操作' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: /分享/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(within(menu).getByRole('separator')).toBeInTheDocument();
    // Hover the first item so the screenshot shows the highlighted row.
    await userEvent.hover(within(menu).getByRole('menuitem', { name: /复制链接/ }));
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

export const ChooseAnAction: Story = {
  ...Open,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '会话操作' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /删除会话/ }));
    await expect(args.onAction).toHaveBeenCalledOnce();
    await expect(args.onAction?.mock.calls[0]?.[0]).toBe('delete');
    // Choosing closes the menu and gives focus back to the trigger.
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: '会话操作' })).toHaveFocus());
  },
};

export const DisabledItemIgnored: Story = {
  ...Open,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '会话操作' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /分享/ }), { pointerEventsCheck: 0 });
    await expect(args.onAction).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('menu')).toBeVisible());
  },
};

function ThemeMenu(args: { onAction?: (key: Key) => void }) {
  const [selected, setSelected] = useState<Selection>(new Set(['system']));
  return (
    <MenuTrigger>
      <Button>外观与账户</Button>
      <Menu {...args}>
        <MenuSection
          title="外观"
          selectionMode="single"
          selectedKeys={selected}
          onSelectionChange={setSelected}
        >
          <MenuItem id="light" icon={<SunIcon />}>
            浅色
          </MenuItem>
          <MenuItem id="dark" icon={<MoonIcon />}>
            深色
          </MenuItem>
          <MenuItem id="system" icon={<MonitorIcon />}>
            跟随系统
          </MenuItem>
        </MenuSection>
        <MenuSection aria-label="账户">
          <MenuItem id="logout" icon={<LogoutIcon />}>
            退出登录
          </MenuItem>
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}

export const SectionsWithSelection: Story = {
  render: (args) => <ThemeMenu {...args} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '外观与账户' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: /跟随系统/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /深色/ }));
    await userEvent.click(canvas.getByRole('button', { name: '外观与账户' }));
    await expect(await screen.findByRole('menuitemradio', { name: /深色/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  },
};

export const KeyboardNavigation: Story = {
  ...Open,
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: '会话操作' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: /复制链接/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onAction).toHaveBeenCalledOnce();
    await expect(args.onAction?.mock.calls[0]?.[0]).toBe('export');
  },
};

export const EscapeCloses: Story = {
  ...Open,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '会话操作' }));
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};
