import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent } from 'storybook/test';
import { DesignIcon, DocumentIcon, PresentationIcon, SpreadsheetIcon } from '../../icons';
import { Badge } from '../Badge/Badge';
import { NavLink } from '../NavLink/NavLink';
import { NavGroup } from './NavGroup';

const links = (
  <>
    <NavLink href="/document" icon={<DocumentIcon />} isCurrent>
      文档
    </NavLink>
    <NavLink href="/presentation" icon={<PresentationIcon />}>
      演示文稿
    </NavLink>
    <NavLink href="/spreadsheet" icon={<SpreadsheetIcon />}>
      电子表格
    </NavLink>
    <NavLink href="/design" icon={<DesignIcon />}>
      设计
    </NavLink>
  </>
);

const meta = {
  title: 'Shell/NavGroup',
  component: NavGroup,
  args: { title: '办公', children: links, onExpandedChange: fn() },
  decorators: [
    (Story) => (
      <RouterProvider navigate={() => {}}>
        <div style={{ width: '244px' }}>
          <Story />
        </div>
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof NavGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: '办公' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('heading', { level: 2, name: '办公' })).toBeInTheDocument();
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: '文档' })).not.toBeInTheDocument();
    await expect(args.onExpandedChange).toHaveBeenCalledWith(false);
  },
};

export const Collapsed: Story = { args: { defaultExpanded: false } };

export const WithCount: Story = {
  args: {
    title: '历史会话',
    badge: <Badge aria-label="4 个会话">4</Badge>,
  },
};

function Remembered() {
  // The app keeps the state (e.g. in local storage); the group only reports changes.
  const [open, setOpen] = useState(false);
  return (
    <>
      <NavGroup title="财富" isExpanded={open} onExpandedChange={setOpen}>
        <NavLink href="/stock">股票</NavLink>
      </NavGroup>
      <output>{open ? '已展开' : '已收起'}</output>
    </>
  );
}

export const ControlledByTheApp: Story = {
  render: () => <Remembered />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('已收起')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '财富' }));
    await expect(canvas.getByText('已展开')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: '股票' })).toBeInTheDocument();
  },
};
