import { describe, expect, test } from 'vitest';
import { formatClock, formatModelPrice, newestBy, sessionTitle } from './format';

describe('formatting', () => {
  test('prices, clock, titles, newest', () => {
    expect(formatModelPrice({ is_per_call: true, fixed_price_credits: 5 })).toBe('每次 5 积分');
    expect(formatModelPrice({ is_per_call: true, fixed_price_credits: 0 })).toBe('免费');
    expect(formatModelPrice({ is_per_call: false, input_price_credits: 0, output_price_credits: 0 })).toBe(
      '免费',
    );
    expect(formatModelPrice({ is_per_call: false, input_price_credits: 1, output_price_credits: 2 })).toBe(
      '输入 1 / 输出 2 积分/千 tokens',
    );
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65_400)).toBe('01:05');
    expect(formatClock(3_725_000)).toBe('62:05');
    expect(sessionTitle(null)).toBe('未命名会话');
    expect(sessionTitle('  ')).toBe('未命名会话');
    expect(sessionTitle('周报')).toBe('周报');
    const items = [
      { id: 'a', at: '2026-01-01T00:00:00Z' },
      { id: 'b', at: '2026-03-01T00:00:00Z' },
      { id: 'c', at: 'garbage' },
    ];
    expect(newestBy(items, 'at')?.id).toBe('b');
  });
});
