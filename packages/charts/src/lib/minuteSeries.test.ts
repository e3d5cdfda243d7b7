import { describe, expect, test } from 'vitest';
import { EmotionDataError } from './dataError';
import { MATCH_TOLERANCE_SECONDS, matchSlot, parseMinuteTime, slotMinuteSeries } from './minuteSeries';

const at = (clock: string) => {
  const parsed = parseMinuteTime(clock);
  if (!parsed) throw new Error(clock);
  return parsed.seconds;
};
const slotOf = (clock: string) => {
  const index = matchSlot(at(clock));
  return index === null ? null : slotMinuteSeries([]).slots[index]?.time;
};

describe('matching a time to its 5-minute slot', () => {
  test('the tolerance is 150 s, both edges included', () => {
    expect(MATCH_TOLERANCE_SECONDS).toBe(150);
    expect(slotOf('09:35:00')).toBe('09:35');
    expect(slotOf('09:32:30')).toBe('09:35');
    expect(slotOf('09:32:29')).toBeNull();
    expect(slotOf('11:32:30')).toBe('11:30');
    expect(slotOf('11:32:31')).toBeNull();
    expect(slotOf('15:02:30')).toBe('15:00');
    expect(slotOf('15:02:31')).toBeNull();
  });

  test('a time exactly between two slots closes the later one', () => {
    expect(slotOf('09:37:30')).toBe('09:40');
    expect(slotOf('09:37:29')).toBe('09:35');
  });

  test('the session opens and the lunch break match no slot', () => {
    expect(slotOf('09:30')).toBeNull();
    expect(slotOf('09:25')).toBeNull();
    expect(slotOf('12:00')).toBeNull();
    expect(slotOf('13:00')).toBeNull();
    expect(slotOf('13:02:30')).toBe('13:05');
  });
});

describe('parsing minute times', () => {
  test('clock times are China time with no date', () => {
    expect(parseMinuteTime('10:05')).toEqual({ seconds: 10 * 3600 + 300, date: null });
  });

  test('zoned ISO timestamps are converted to China time, date included', () => {
    expect(parseMinuteTime('2026-11-20T01:35:00Z')).toEqual({
      seconds: 9 * 3600 + 35 * 60,
      date: '2026-11-20',
    });
    expect(parseMinuteTime('2026-11-20T09:35:10+08:00')).toEqual({
      seconds: 9 * 3600 + 35 * 60 + 10,
      date: '2026-11-20',
    });
    // 20:00 on the 19th in New York is 09:00 on the 20th in Shanghai.
    expect(parseMinuteTime('2026-11-19T20:00:00-05:00')).toEqual({ seconds: 9 * 3600, date: '2026-11-20' });
  });

  test('an ISO timestamp without a zone is read as China time', () => {
    expect(parseMinuteTime('2026-11-20 14:00:00.250')).toEqual({ seconds: 14 * 3600, date: '2026-11-20' });
  });

  test('malformed times are rejected', () => {
    expect(parseMinuteTime('2026-11-31T10:00:00Z')).toBeNull();
    expect(parseMinuteTime('10点')).toBeNull();
    expect(parseMinuteTime('25:00')).toBeNull();
  });
});

describe('slotMinuteSeries', () => {
  const fullDay = (value: (i: number) => number) =>
    slotMinuteSeries([]).slots.map((slot, i) => ({ time: slot.time, value: value(i) }));

  test('a full day fills all 48 slots and averages over them', () => {
    const series = slotMinuteSeries(fullDay((i) => i));
    expect(series.slots).toHaveLength(48);
    expect(series.points).toHaveLength(48);
    expect(series.points[4]?.ma5).toBe(2);
    expect(series.points[3]?.ma5).toBeNull();
    expect(series.points[19]?.ma20).toBe(9.5);
    expect(series.points.at(-1)).toMatchObject({
      time: '15:00',
      offset: 240,
      value: 47,
      ma5: 45,
      ma20: 37.5,
    });
  });

  test('a partial day ends at its last point; the rest of the day is empty', () => {
    const series = slotMinuteSeries(
      ['09:35:05', '09:40:01', '09:44:50', '09:50:00', '09:55:30', '10:00:00'].map((time, i) => ({
        time,
        value: 50 + i,
      })),
    );
    expect(series.points.map((p) => p.time)).toEqual(['09:35', '09:40', '09:45', '09:50', '09:55', '10:00']);
    expect(series.points.at(-1)).toMatchObject({ time: '10:00', value: 55, ma5: 53, ma20: null });
    expect(series.slots.filter((s) => s.value === null)).toHaveLength(42);
  });

  test('a missing slot stays empty and breaks every line; averages skip it', () => {
    const input = ['09:35', '09:40', '09:50', '09:55', '10:00', '10:05'].map((time, i) => ({
      time,
      value: i + 1,
    }));
    const series = slotMinuteSeries(input);
    const gap = series.slots.find((s) => s.time === '09:45');
    expect(gap).toMatchObject({ value: null, ma5: null, ma20: null });
    // 10:00 is the 5th observation: (1 + 2 + 3 + 4 + 5) / 5.
    expect(series.slots.find((s) => s.time === '10:00')?.ma5).toBe(3);
    expect(series.slots.find((s) => s.time === '10:05')?.ma5).toBe(4);
  });

  test('of two observations on one slot the nearest wins, the later on a tie', () => {
    const nearest = slotMinuteSeries([
      { time: '09:33:00', value: 1 },
      { time: '09:35:20', value: 2 },
      { time: '09:36:00', value: 3 },
    ]);
    expect(nearest.points.map((p) => p.value)).toEqual([2]);
    const tie = slotMinuteSeries([
      { time: '09:37:00', value: 7 },
      { time: '09:33:00', value: 3 },
    ]);
    expect(tie.points).toEqual([expect.objectContaining({ time: '09:35', value: 7 })]);
  });

  test('observations outside every slot are counted, not drawn', () => {
    const series = slotMinuteSeries([
      { time: '09:25', value: 40 },
      { time: '12:00', value: 41 },
      { time: '09:35', value: 42 },
    ]);
    expect(series.points).toHaveLength(1);
    expect(series.unmatched).toBe(2);
  });

  test('the last point keeps its slot, so the axis can label it', () => {
    const series = slotMinuteSeries([
      { time: '13:58:40', value: 60 },
      { time: '14:01:10', value: 61 },
    ]);
    expect(series.points.at(-1)?.time).toBe('14:00');
    expect(series.points.map((p) => p.time)).toEqual(['14:00']);
  });

  test('the date comes from the caller or from the timestamps', () => {
    expect(slotMinuteSeries([], '2026-11-20').date).toBe('2026-11-20');
    expect(slotMinuteSeries([{ time: '2026-11-20T01:35:00Z', value: 1 }]).date).toBe('2026-11-20');
    expect(slotMinuteSeries([{ time: '09:35', value: 1 }]).date).toBeNull();
  });

  test('bad input is a clear Chinese error', () => {
    expect(() => slotMinuteSeries([{ time: 'noon', value: 1 }])).toThrow(
      '情绪数据格式有误：第 1 个数据点的时间“noon”无效',
    );
    expect(() => slotMinuteSeries([{ time: '09:35', value: Number.POSITIVE_INFINITY }])).toThrow(
      '第 1 个数据点的情绪值“Infinity”不是有效数字',
    );
    expect(() => slotMinuteSeries([{ time: '2026-11-19T10:00:00+08:00', value: 1 }], '2026-11-20')).toThrow(
      '第 1 个数据点属于 2026-11-19，与数据日期 2026-11-20 不一致',
    );
    expect(() => slotMinuteSeries([], '2026/11/20')).toThrow(EmotionDataError);
  });
});
