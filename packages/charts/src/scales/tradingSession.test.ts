import { describe, expect, test } from 'vitest';
import { clockSeconds, tradingDayLength, tradingOffset, tradingSlots, tradingTicks } from './tradingSession';

describe('the trading-day axis', () => {
  test('the lunch break takes no room: 11:30 and 13:00 are the same point', () => {
    expect(tradingOffset('09:30')).toBe(0);
    expect(tradingOffset('11:30')).toBe(120);
    expect(tradingOffset('13:00')).toBe(120);
    expect(tradingOffset('15:00')).toBe(240);
    expect(tradingDayLength).toBe(240);
  });

  test('times outside the sessions have no place', () => {
    expect(tradingOffset('09:29')).toBeNull();
    expect(tradingOffset('12:00')).toBeNull();
    expect(tradingOffset('15:01')).toBeNull();
  });

  test('a malformed time is a clear error', () => {
    expect(() => tradingOffset('9点半')).toThrow('不是有效的时间');
    expect(() => clockSeconds('24:00')).toThrow('不是有效的时间');
    expect(() => clockSeconds('10:60')).toThrow('不是有效的时间');
  });

  test('clock times may carry seconds', () => {
    expect(clockSeconds('09:32:30')).toBe(9 * 3600 + 32 * 60 + 30);
    expect(clockSeconds('9:05')).toBe(9 * 3600 + 5 * 60);
  });

  test('48 five-minute slots, labelled by their end, cover both sessions', () => {
    const slots = tradingSlots();
    expect(slots).toHaveLength(48);
    expect(slots.slice(0, 2)).toEqual(['09:35', '09:40']);
    expect(slots.slice(23, 25)).toEqual(['11:30', '13:05']);
    expect(slots.at(-1)).toBe('15:00');
    expect(slots).not.toContain('09:30');
    expect(slots).not.toContain('13:00');
  });
});

describe('time-axis ticks', () => {
  test('fall on :00 and :30, the session starts and the last point; 13:00 takes the spot of 11:30', () => {
    expect(tradingTicks('10:45')).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '10:45',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
    ]);
  });

  test('a last point on a regular tick appears once', () => {
    const ticks = tradingTicks('14:30');
    expect(ticks.filter((t) => t === '14:30')).toHaveLength(1);
    expect(ticks.at(-1)).toBe('15:00');
  });

  test('the last point at the close is the close', () => {
    expect(tradingTicks('15:00').at(-1)).toBe('15:00');
  });

  test('a last point outside the sessions adds no tick', () => {
    expect(tradingTicks('12:10')).toEqual(tradingTicks());
  });

  test('ticks too close to the last point give way to it', () => {
    const ticks = tradingTicks('10:35', 15);
    expect(ticks).toContain('10:35');
    expect(ticks).not.toContain('10:30');
    expect(ticks).toContain('10:00');
    expect(ticks).toContain('11:00');
  });

  test('on a narrow axis the ticks thin out, the more important ones kept', () => {
    const ticks = tradingTicks('15:00', 45);
    expect(ticks).toEqual(['09:30', '10:30', '13:00', '14:00', '15:00']);
    // Whatever the gap, no two kept ticks are closer than it.
    const offsets = ticks.map((t) => tradingOffset(t) ?? 0);
    offsets.slice(1).forEach((offset, i) => {
      expect(offset - (offsets[i] as number)).toBeGreaterThanOrEqual(45);
    });
  });
});
