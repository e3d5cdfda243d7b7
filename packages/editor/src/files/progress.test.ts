import { toastQueue } from '@wanxiang/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_DELAY_MS, withProgress } from './useDocumentFiles';

const shown = () => toastQueue.visibleToasts.map((toast) => toast.content.message);

describe('withProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    toastQueue.clear();
  });

  it('says the file is being worked on once it takes over half a second, and closes the notice when done', async () => {
    let finish: (value: string) => void = () => {};
    const running = withProgress(
      '正在导出 DOCX…',
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS - 1);
    expect(shown()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown()).toEqual(['正在导出 DOCX…']);
    finish('done');
    await expect(running).resolves.toBe('done');
    expect(shown()).toEqual([]);
  });

  it('shows nothing for quick work, and closes the notice when the work fails', async () => {
    await expect(withProgress('正在打开 a.md…', async () => 1)).resolves.toBe(1);
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS * 2);
    expect(shown()).toEqual([]);

    let fail: (error: Error) => void = () => {};
    const running = withProgress('正在打开 b.docx…', () => new Promise((_, reject) => (fail = reject)));
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS);
    expect(shown()).toEqual(['正在打开 b.docx…']);
    fail(new Error('坏文件'));
    await expect(running).rejects.toThrow('坏文件');
    expect(shown()).toEqual([]);
  });
});
