import type { DailySeriesAnswer, MinuteSeriesAnswer } from '@wanxiang/api-client';
import { describe, expect, it } from 'vitest';
import { lastTradingMinutes } from './useEmotionBoard';

const slot = { timestamp: '2026-11-27T15:00:00+08:00', value: 50, ma5: 50, ma20: 50 };
const daily = (last: string): Promise<DailySeriesAnswer> =>
  Promise.resolve({
    data: [{ date: last, value: 50, ma5: 50, ma20: 50, partial: false }],
    source: 'simulated',
  });

function fakeApi(days: Record<string, MinuteSeriesAnswer['data']>) {
  const asked: string[] = [];
  return {
    asked,
    minuteSeries: async (date?: string) => {
      asked.push(date ?? '');
      return { data: days[date ?? ''] ?? [], source: 'simulated' };
    },
  };
}

describe('lastTradingMinutes', () => {
  it('shows today when today has minutes', async () => {
    const api = fakeApi({ '2026-11-27': [slot] });
    const got = await lastTradingMinutes(api, '2026-11-27', daily('2026-11-27'));
    expect(got.date).toBe('2026-11-27');
    expect(got.answer.data).toHaveLength(1);
    expect(api.asked).toEqual(['2026-11-27']);
  });

  it('on a weekend shows the last day of the daily series', async () => {
    const api = fakeApi({ '2026-11-27': [slot] });
    const got = await lastTradingMinutes(api, '2026-11-29', daily('2026-11-27'));
    expect(got.date).toBe('2026-11-27');
    expect(api.asked).toEqual(['2026-11-29', '2026-11-27']);
  });

  it('stays on an empty today when the daily series failed or ends today', async () => {
    const api = fakeApi({});
    expect((await lastTradingMinutes(api, '2026-11-30', Promise.resolve(null))).date).toBe('2026-11-30');
    expect((await lastTradingMinutes(api, '2026-11-30', daily('2026-11-30'))).date).toBe('2026-11-30');
    expect(api.asked).toEqual(['2026-11-30', '2026-11-30']);
  });
});
