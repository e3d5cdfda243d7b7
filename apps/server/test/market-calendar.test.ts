import { describe, expect, it } from 'vitest';
import {
  CalendarRangeError,
  isDayComplete,
  isHoliday,
  isMakeUpWorkday,
  isTradingDay,
  previousTradingDay,
  SLOT_COUNT,
  shanghaiClock,
  slotsElapsed,
  slotTimestamp,
  tradingDaysBefore,
  tradingDaysBetween,
} from '../src/modules/market/calendar';

describe('the China trading calendar', () => {
  it('has as many trading days a year as the exchanges (akshare calendar.json: 242, 243, 242)', () => {
    expect(tradingDaysBetween('2024-01-01', '2024-12-31')).toHaveLength(242);
    expect(tradingDaysBetween('2025-01-01', '2025-12-31')).toHaveLength(243);
    expect(tradingDaysBetween('2026-01-01', '2026-12-31')).toHaveLength(242);
  });

  it('closes on the holidays, 除夕 2024 included', () => {
    for (const date of ['2024-01-01', '2024-02-09', '2025-01-28', '2025-10-08', '2026-02-23', '2026-10-07']) {
      expect(isHoliday(date), date).toBe(true);
      expect(isTradingDay(date), date).toBe(false);
    }
    expect(isTradingDay('2026-11-25')).toBe(true);
    expect(isTradingDay('2026-02-24')).toBe(true);
  });

  it('does not trade on the weekend make-up workdays', () => {
    for (const date of ['2024-02-04', '2024-10-12', '2025-01-26', '2025-09-28', '2026-01-04', '2026-02-28']) {
      expect(isMakeUpWorkday(date), date).toBe(true);
      expect(isTradingDay(date), date).toBe(false);
    }
    expect(isTradingDay('2026-11-28')).toBe(false);
  });

  it('fails loudly outside the years it knows', () => {
    expect(() => isTradingDay('2023-12-29')).toThrow(CalendarRangeError);
    expect(() => isTradingDay('2027-01-04')).toThrow(CalendarRangeError);
    expect(() => tradingDaysBetween('2026-12-01', '2027-01-31')).toThrow(CalendarRangeError);
    expect(() => isTradingDay('2026-02-30')).toThrow(CalendarRangeError);
  });

  it('counts back over holidays', () => {
    expect(previousTradingDay('2026-02-24')).toBe('2026-02-13');
    expect(previousTradingDay('2025-10-09')).toBe('2025-09-30');
    expect(tradingDaysBefore('2026-01-05', 3)).toEqual(['2025-12-29', '2025-12-30', '2025-12-31']);
    expect(tradingDaysBefore('2024-01-03', 5)).toEqual(['2024-01-02']);
  });
});

describe('Shanghai time and the slot grid', () => {
  it('reads the day and minute in Shanghai whatever the server zone', () => {
    // 16:30 UTC is already the next day in Shanghai.
    expect(shanghaiClock(new Date('2026-11-24T16:30:00Z'))).toEqual({ date: '2026-11-25', minute: 30 });
    expect(shanghaiClock(new Date('2026-11-25T01:35:00Z'))).toEqual({
      date: '2026-11-25',
      minute: 9 * 60 + 35,
    });
  });

  it('has 48 slots, 09:35…11:30 and 13:05…15:00, stamped in +08:00', () => {
    expect(SLOT_COUNT).toBe(48);
    expect(slotTimestamp('2026-11-25', 0)).toBe('2026-11-25T09:35:00+08:00');
    expect(slotTimestamp('2026-11-25', 23)).toBe('2026-11-25T11:30:00+08:00');
    expect(slotTimestamp('2026-11-25', 24)).toBe('2026-11-25T13:05:00+08:00');
    expect(slotTimestamp('2026-11-25', 47)).toBe('2026-11-25T15:00:00+08:00');
  });

  it('knows which slots of a day have ended', () => {
    const at = (utc: string) => new Date(utc);
    expect(slotsElapsed('2026-11-25', at('2026-11-25T01:00:00Z'))).toBe(0); // 09:00
    expect(slotsElapsed('2026-11-25', at('2026-11-25T01:35:00Z'))).toBe(1); // 09:35
    expect(slotsElapsed('2026-11-25', at('2026-11-25T04:00:00Z'))).toBe(24); // 12:00, lunch
    expect(slotsElapsed('2026-11-25', at('2026-11-25T05:07:00Z'))).toBe(25); // 13:07
    expect(isDayComplete('2026-11-25', at('2026-11-25T06:59:59Z'))).toBe(false);
    expect(isDayComplete('2026-11-25', at('2026-11-25T07:00:00Z'))).toBe(true);
    expect(isDayComplete('2026-11-24', at('2026-11-25T01:00:00Z'))).toBe(true);
    expect(slotsElapsed('2026-11-26', at('2026-11-25T09:00:00Z'))).toBe(0);
  });
});
