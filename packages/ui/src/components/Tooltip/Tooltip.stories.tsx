import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, userEvent, waitFor } from 'storybook/test';
import { AttachIcon, CopyIcon } from '../../icons';
import { IconButton } from '../IconButton/IconButton';
import { StoryRow } from '../private/StoryLayout';
import { Switch } from '../Switch/Switch';
import { TOOLTIP_TOUCH_HOLD_MS, Tooltip } from './Tooltip';

const onPress = fn();

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  args: {
    content: '复制',
    children: (
      <IconButton aria-label="复制回答" variant="secondary" onPress={onPress}>
        <CopyIcon />
      </IconButton>
    ),
  },
  parameters: { layout: 'centered' },
  beforeEach: () => {
    onPress.mockClear();
  },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * react-aria opens hover tooltips only once it knows a mouse is in use (a pointer moved); a real mouse
 * always moves before it reaches the trigger, so the test moves over the canvas first.
 */
async function hoverWithMouse(canvasElement: HTMLElement, target: HTMLElement) {
  await userEvent.hover(canvasElement);
  await userEvent.hover(target);
}

export const Hidden: Story = {
  play: async () => {
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const OnHover: Story = {
  play: async ({ canvas, canvasElement }) => {
    await hoverWithMouse(canvasElement, canvas.getByRole('button', { name: '复制回答' }));
    const tooltip = await screen.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('复制');
    // The tooltip describes its trigger for screen readers.
    await expect(canvas.getByRole('button', { name: '复制回答' })).toHaveAccessibleDescription('复制');
  },
};

/**
 * On a switch: react-aria hears only its visually hidden input, so the hover is heard on the whole
 * trigger; a read-only switch (one that cannot be turned on here) says why the same way.
 */
export const OnSwitch: Story = {
  args: {
    content: '服务器未配置联网搜索服务，暂不可用',
    children: <Switch isReadOnly>联网搜索</Switch>,
  },
  play: async ({ canvas, canvasElement }) => {
    await hoverWithMouse(canvasElement, canvas.getByText('联网搜索'));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('服务器未配置联网搜索服务，暂不可用');
    await userEvent.unhover(canvas.getByText('联网搜索'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const OnKeyboardFocus: Story = {
  play: async () => {
    await userEvent.tab();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('复制');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const OnTouchHold: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: '复制回答' });
    fireEvent.pointerDown(button, { pointerType: 'touch', isPrimary: true, pointerId: 7, button: 0 });
    await sleep(TOOLTIP_TOUCH_HOLD_MS + 80);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('复制');
    fireEvent.pointerUp(button, { pointerType: 'touch', isPrimary: true, pointerId: 7, button: 0 });
    fireEvent.click(button);
    // Holding to read the tooltip must not also press the button.
    await expect(onPress).not.toHaveBeenCalled();
  },
};

export const ShortTapDoesNotShow: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: '复制回答' });
    fireEvent.pointerDown(button, { pointerType: 'touch', isPrimary: true, pointerId: 8, button: 0 });
    await sleep(100);
    fireEvent.pointerUp(button, { pointerType: 'touch', isPrimary: true, pointerId: 8, button: 0 });
    await sleep(TOOLTIP_TOUCH_HOLD_MS);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const Placements: Story = {
  render: () => (
    <StoryRow>
      {(['top', 'bottom', 'start', 'end'] as const).map((placement) => (
        <Tooltip key={placement} content={`提示在${placement}`} placement={placement}>
          <IconButton aria-label={`添加附件（${placement}）`} variant="secondary">
            <AttachIcon />
          </IconButton>
        </Tooltip>
      ))}
    </StoryRow>
  ),
  play: async ({ canvas, canvasElement }) => {
    await hoverWithMouse(canvasElement, canvas.getByRole('button', { name: '添加附件（bottom）' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('提示在bottom');
  },
};

export const LongChineseText: Story = {
  args: { content: '支持上传图片、PDF、Word 与 Excel 文件，单个文件不超过 30 MB。' },
  play: async ({ canvas, canvasElement }) => {
    await hoverWithMouse(canvasElement, canvas.getByRole('button', { name: '复制回答' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(/单个文件不超过 30 MB/);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, canvasElement }) => {
    await hoverWithMouse(canvasElement, canvas.getByRole('button', { name: '复制回答' }));
    await sleep(300);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};
