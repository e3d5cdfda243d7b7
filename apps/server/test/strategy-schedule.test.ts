import { describe, expect, it } from 'vitest';
import { scheduleAt } from '../src/modules/strategy/phases';

const next = (iso: string) => scheduleAt(new Date(iso)).next_run;

describe('the strategy schedule the board shows', () => {
  it('lists a trading day’s four runs in Shanghai time', () => {
    expect(scheduleAt(new Date('2026-11-24T00:00:00Z')).runs).toEqual([
      { phase: 'PRE_OPEN', display: '盘前分析', at: '08:45' },
      { phase: 'MORNING', display: '早盘跟踪', at: '10:30' },
      { phase: 'AFTERNOON', display: '午后评估', at: '13:45' },
      { phase: 'POST_CLOSE', display: '盘后复盘', at: '15:30' },
    ]);
  });

  it('names the next run later today, or the first of the next trading day', () => {
    // Tuesday 10:31 Shanghai: the afternoon run comes next; at 16:00 the next day's pre-open run.
    expect(scheduleAt(new Date('2026-11-24T02:31:00Z'))).toMatchObject({
      today: '2026-11-24',
      trading_day: true,
    });
    expect(next('2026-11-24T02:31:00Z')).toEqual({
      date: '2026-11-24',
      at: '13:45',
      phase: 'AFTERNOON',
      display: '午后评估',
    });
    expect(next('2026-11-24T08:00:00Z')).toMatchObject({
      date: '2026-11-25',
      at: '08:45',
      phase: 'PRE_OPEN',
    });
    // Just past midnight Shanghai (still the day before in UTC) counts as the new day.
    expect(next('2026-11-24T16:30:00Z')).toMatchObject({ date: '2026-11-25', at: '08:45' });
  });

  it('says 休市 on weekends and exchange holidays, and when the market trades again', () => {
    expect(scheduleAt(new Date('2026-11-28T02:00:00Z'))).toMatchObject({
      today: '2026-11-28',
      trading_day: false,
      next_run: { date: '2026-11-30', at: '08:45', phase: 'PRE_OPEN' },
    });
    // National Day and Spring Festival, from the calendar; a weekday holiday runs nothing even in the morning.
    expect(scheduleAt(new Date('2026-10-01T00:00:00Z'))).toMatchObject({
      trading_day: false,
      next_run: { date: '2026-10-08', at: '08:45' },
    });
    expect(next('2026-02-13T08:00:00Z')).toMatchObject({ date: '2026-02-24', at: '08:45' });
  });

  it('has no next run past the end of the calendar', () => {
    expect(next('2026-12-31T09:00:00Z')).toBeNull();
  });
});
