import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { DocumentIcon, StockIcon, TrashIcon } from '../../icons';
import { Badge } from '../Badge/Badge';
import { IconButton } from '../IconButton/IconButton';
import { NavLink } from './NavLink';

const navigate = fn();

const meta = {
  title: 'Shell/NavLink',
  component: NavLink,
  args: { href: '/document', icon: <DocumentIcon />, children: '文档', onPress: fn() },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <div style={{ width: '244px' }}>
          <Story />
        </div>
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof NavLink>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const link = canvas.getByRole('link', { name: '文档' });
    await expect(link).not.toHaveAttribute('aria-current');
    await userEvent.click(link);
    await expect(args.onPress).toHaveBeenCalledOnce();
    await expect(navigate).toHaveBeenCalledWith('/document', undefined);
  },
};

export const Current: Story = {
  args: { isCurrent: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '文档' })).toHaveAttribute('aria-current', 'page');
  },
};

export const WithBadge: Story = {
  args: { href: '/stock', icon: <StockIcon />, children: '股票', badge: <Badge tone="accent">新</Badge> },
};

export const WithAction: Story = {
  args: {
    href: '/home?session=s1',
    icon: undefined,
    children: '季度销售数据分析',
    action: (
      <IconButton size="sm" variant="subtle" aria-label="删除会话">
        <TrashIcon />
      </IconButton>
    ),
  },
  play: async ({ canvas }) => {
    // Hovering the row reveals its delete button.
    await userEvent.hover(canvas.getByRole('link', { name: '季度销售数据分析' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: '删除会话' })).toBeVisible());
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: '文档' })).toHaveAttribute('data-focus-visible', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, children: '演示文稿（即将推出）' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('link', { name: '演示文稿（即将推出）' }), {
      pointerEventsCheck: 0,
    });
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(navigate).not.toHaveBeenCalled();
  },
};

export const LongChineseLabelTruncates: Story = {
  args: {
    icon: undefined,
    children: '解释一下市盈率和市净率的区别，以及它们在估值中的局限性',
    isCurrent: true,
  },
};
