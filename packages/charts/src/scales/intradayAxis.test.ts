import { describe, expect, test } from 'vitest';
import {
  intradayMinutes,
  intradayOffset,
  intradayTicks,
  offsetLabel,
  SESSION_JOIN_LABEL,
  symmetricPriceDomain,
} from './intradayAxis';

describe('the intraday minute axis', () => {
  test('a full day has 241 minutes: 09:30, 09:31 … 11:30, 13:01 … 15:00', () => {
    expect(intradayMinutes).toHaveLength(241);
    expect(intradayMinutes.slice(0, 2)).toEqual(['09:30', '09:31']);
    expect(intradayMinutes.slice(119, 123)).toEqual(['11:29', '11:30', '13:01', '13:02']);
    expect(intradayMinutes.at(-1)).toBe('15:00');
    expect(intradayMinutes).not.toContain('13:00');
    expect(intradayMinutes).not.toContain('12:00');
  });

  test('the lunch break is cut out: 11:30 and 13:00 are one x, 13:01 the next minute', () => {
    expect(intradayOffset('09:30')).toBe(0);
    expect(intradayOffset('11:30')).toBe(120);
    expect(intradayOffset('13:00')).toBe(120);
    expect(intradayOffset('13:01')).toBe(121);
    expect(intradayOffset('15:00')).toBe(240);
    expect(intradayMinutes.map((m) => intradayOffset(m))).toEqual(Array.from({ length: 241 }, (_, i) => i));
  });

  test('minutes outside the sessions or not "HH:MM" have no place', () => {
    for (const time of ['09:29', '12:00', '11:31', '15:01', '9:30', '10:30:00', '25:00', 'abc', ''])
      expect(intradayOffset(time)).toBeNull();
  });

  test('offsets read back as clock times, 120 as the morning close', () => {
    expect(offsetLabel(0)).toBe('09:30');
    expect(offsetLabel(60)).toBe('10:30');
    expect(offsetLabel(120)).toBe('11:30');
    expect(offsetLabel(121)).toBe('13:01');
    expect(offsetLabel(240)).toBe('15:00');
    expect(() => offsetLabel(241)).toThrow(RangeError);
    expect(() => offsetLabel(1.5)).toThrow(RangeError);
  });

  test('ticks: half hours on a wide plot, hours on a medium one, open / join / close on a phone', () => {
    const labels = (width: number) => intradayTicks(width).map((t) => t.label);
    expect(labels(800)).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      SESSION_JOIN_LABEL,
      '13:30',
      '14:00',
      '14:30',
      '15:00',
    ]);
    expect(labels(400)).toEqual(['09:30', '10:30', SESSION_JOIN_LABEL, '14:00', '15:00']);
    expect(labels(200)).toEqual(['09:30', SESSION_JOIN_LABEL, '15:00']);
    // Neighbouring labels never come closer than their half-widths allow.
    for (const width of [150, 200, 300, 400, 600, 900]) {
      const ticks = intradayTicks(width);
      for (let i = 1; i < ticks.length; i++) {
        const gap = (((ticks[i]?.offset ?? 0) - (ticks[i - 1]?.offset ?? 0)) * width) / 240;
        expect(gap).toBeGreaterThanOrEqual(64);
      }
    }
  });
});

describe('the symmetric price axis', () => {
  test('is centred on the previous close and covers the largest swing with a margin', () => {
    const [low, high] = symmetricPriceDomain(10, [10.2, 9.7, 10.1]);
    expect((low + high) / 2).toBeCloseTo(10, 10);
    expect(high).toBeCloseTo(10 + 0.3 * 1.05, 10);
    expect(low).toBeCloseTo(10 - 0.3 * 1.05, 10);
  });

  test('a quiet day still spans ±1 % so noise is not blown up', () => {
    expect(symmetricPriceDomain(20, [20.01, 19.99])).toEqual([19.8, 20.2]);
    expect(symmetricPriceDomain(20, [])).toEqual([19.8, 20.2]);
    expect(symmetricPriceDomain(20, [20], 2)).toEqual([19.6, 20.4]);
  });

  test('a limit-up day reaches past +10 %', () => {
    const [low, high] = symmetricPriceDomain(12.5, [13.75]);
    expect(high).toBeGreaterThan(13.75);
    expect(low).toBeLessThan(11.25);
  });

  test('refuses a previous close that is no positive number', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => symmetricPriceDomain(bad, [1])).toThrow(RangeError);
  });
});
