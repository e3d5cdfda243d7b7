import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button/Button';
import { ErrorBoundary, ErrorFallback } from './ErrorFallback';

const meta = {
  title: 'Components/ErrorFallback',
  component: ErrorFallback,
  args: { onReload: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ErrorFallback>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FullPage: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: '出现了一些问题' })).toBeInTheDocument();
    await expect(
      canvas.getByText('应用遇到了意外错误。请尝试刷新页面。如果问题持续存在，请联系技术支持。'),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '刷新页面' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
  },
};

export const Inline: Story = {
  args: { fullPage: false },
  parameters: { layout: 'padded' },
};

function Exploding(): never {
  throw new Error('render failed');
}

const onError = fn();

export const BoundaryCatchesRenderError: Story = {
  render: (args) => (
    <ErrorBoundary onError={onError} fallback={<ErrorFallback {...args} />}>
      <Exploding />
    </ErrorBoundary>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('出现了一些问题');
    await expect(onError).toHaveBeenCalled();
    await expect(onError.mock.calls[0]?.[0]).toEqual(new Error('render failed'));
  },
};

export const BoundaryRendersChildren: Story = {
  render: () => (
    <ErrorBoundary>
      <div style={{ padding: '16px' }}>
        <Button>一切正常</Button>
      </div>
    </ErrorBoundary>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: '一切正常' })).toBeInTheDocument();
  },
};

export const BoundaryWithResetFallback: Story = {
  render: () => (
    <ErrorBoundary
      fallback={(_error, reset) => (
        <div style={{ padding: '16px' }}>
          <Button onPress={reset}>重试</Button>
        </div>
      )}
    >
      <Exploding />
    </ErrorBoundary>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '重试' })).toBeInTheDocument();
  },
};
