import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { InfoIcon } from '../../icons';
import { Button } from '../Button/Button';
import { DialogTrigger } from '../Dialog/Dialog';
import { IconButton } from '../IconButton/IconButton';
import { Popover } from './Popover';

const meta = {
  title: 'Components/Popover',
  component: Popover,
  args: {
    title: '积分说明',
    children: '按次计费的模型每次扣除固定积分；其他模型按输入和输出的字数计费。',
  },
  parameters: { layout: 'centered' },
  render: (args) => (
    <DialogTrigger>
      <IconButton aria-label="积分说明" variant="secondary">
        <InfoIcon />
      </IconButton>
      <Popover {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '积分说明' })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '积分说明' }));
    const dialog = await screen.findByRole('dialog', { name: '积分说明' });
    await waitFor(() => expect(within(dialog).getByText(/按次计费/)).toBeVisible());
  },
};

export const WithArrow: Story = {
  args: { showArrow: true },
  play: Open.play,
};

export const PlacementRight: Story = {
  args: { showArrow: true, placement: 'end' },
  play: Open.play,
};

export const WithActions: Story = {
  args: {
    title: '订阅状态',
    children: (
      <>
        <span>已订阅，有效期至 2026年12月31日</span>
        <Button size="sm" variant="primary">
          续订
        </Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '积分说明' }));
    const dialog = await screen.findByRole('dialog', { name: '订阅状态' });
    await expect(within(dialog).getByRole('button', { name: '续订' })).toBeInTheDocument();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: '积分说明' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const ClickOutsideCloses: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '积分说明' }));
    await screen.findByRole('dialog');
    await userEvent.click(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
