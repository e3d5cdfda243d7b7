import { describe, expect, it } from 'vitest';
import { formatShanghaiDateTime, isTradingTime, shanghaiDate, shanghaiDateDaysBefore } from './shanghaiTime';

describe('Shanghai time', () => {
  it('formats the clock in China Standard Time whatever the zone of the machine', () => {
    expect(formatShanghaiDateTime(Date.parse('2026-11-25T01:02:03Z'))).toBe('2026-11-25 09:02:03');
    expect(formatShanghaiDateTime(Date.parse('2026-11-25T16:00:00Z'))).toBe('2026-11-26 00:00:00');
  });

  it('reads the calendar day in Shanghai and counts days back from it', () => {
    expect(shanghaiDate(Date.parse('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
    expect(shanghaiDateDaysBefore(Date.parse('2026-11-25T02:00:00Z'), 90)).toBe('2026-08-27');
  });

  it('knows the trading sessions of a weekday', () => {
    const at = (iso: string) => isTradingTime(Date.parse(iso));
    expect(at('2026-11-25T09:29:00+08:00')).toBe(false);
    expect(at('2026-11-25T09:30:00+08:00')).toBe(true);
    expect(at('2026-11-25T11:30:00+08:00')).toBe(true);
    expect(at('2026-11-25T12:00:00+08:00')).toBe(false);
    expect(at('2026-11-25T14:59:00+08:00')).toBe(true);
    expect(at('2026-11-25T15:01:00+08:00')).toBe(false);
    // A Saturday.
    expect(at('2026-11-28T10:00:00+08:00')).toBe(false);
  });
});
