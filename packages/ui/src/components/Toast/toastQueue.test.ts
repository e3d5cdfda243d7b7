import { expect, test } from 'vitest';
import { createToastApi, DEFAULT_TOAST_TIMEOUT_MS, type ToastContent, ToastQueue } from './toastQueue';

test('each tone adds a toast with its message, title and timeout', () => {
  const queue = new ToastQueue<ToastContent>();
  const api = createToastApi(queue);
  api.info('对话已中断', { timeout: 3000 });
  api.error('删除会话失败', { title: '操作失败' });
  const [latest, first] = queue.visibleToasts;
  expect(first?.content).toEqual({ tone: 'info', message: '对话已中断' });
  expect(first?.timeout).toBe(3000);
  expect(latest?.content).toEqual({ tone: 'danger', message: '删除会话失败', title: '操作失败' });
  expect(latest?.timeout).toBe(DEFAULT_TOAST_TIMEOUT_MS);
});

test('timeout 0 keeps the toast until it is dismissed', () => {
  const queue = new ToastQueue<ToastContent>();
  const api = createToastApi(queue);
  const key = api.warning('积分不足', { timeout: 0 });
  expect(queue.visibleToasts[0]?.timeout).toBeUndefined();
  api.dismiss(key);
  expect(queue.visibleToasts).toHaveLength(0);
});

test('clear closes every toast', () => {
  const queue = new ToastQueue<ToastContent>();
  const api = createToastApi(queue);
  api.success('已保存');
  api.success('已复制', { timeout: 1500 });
  api.clear();
  expect(queue.visibleToasts).toHaveLength(0);
});
