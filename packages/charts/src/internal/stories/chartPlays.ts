import type { StoryContext } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { messages } from '../../i18n/zh-CN';

/* Story-only helpers (not exported from the package): the checks of the states both charts share. */

type Canvas = StoryContext['canvas'];

/** The loading state says, to screen readers too, what is loading. */
export const showsLoading =
  (text: string) =>
  async ({ canvas }: { canvas: Canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(text);
  };

/** A failed load shows its message and a 重试 button that calls `onRetry` once. */
export const retriesAfterLoadError =
  (text: string) =>
  async ({ canvas, args }: { canvas: Canvas; args: { onRetry?: (() => void) | undefined } }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(text);
    await userEvent.click(canvas.getByRole('button', { name: messages.retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  };

/** Data the chart cannot draw is named, in Chinese, instead of drawing nonsense. */
export const namesInvalidData =
  (text: string) =>
  async ({ canvas }: { canvas: Canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(text);
  };
