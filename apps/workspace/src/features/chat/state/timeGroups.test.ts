import { describe, expect, test } from 'vitest';
import { groupByTime, nextMidnight, timeGroupOf } from './timeGroups';

// Dates are built from local calendar fields, so the tests hold in any time zone (run them with
// TZ=Asia/Shanghai or TZ=America/New_York: the same groups come out).
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms);
const iso = (...args: Parameters<typeof local>) => local(...args).toISOString();

const now = local(2026, 11, 23, 9, 30);
const session = (id: string, updated_at: string) => ({ id, updated_at });
const groupsOf = (items: { id: string; updated_at: string }[], at = now) =>
  groupByTime(items, (s) => s.updated_at, at).map((g) => [g.label, g.items.map((s) => s.id)]);

describe('groupByTime', () => {
  test('today, yesterday, the last 7 and 30 days, then months, newest first', () => {
    expect(
      groupsOf([
        session('now', iso(2026, 11, 23, 9, 0)),
        session('yesterday', iso(2026, 11, 22, 18, 0)),
        session('three-days', iso(2026, 11, 20, 12, 0)),
        session('two-weeks', iso(2026, 11, 9, 12, 0)),
        session('october', iso(2026, 10, 15, 12, 0)),
        session('september', iso(2026, 9, 2, 12, 0)),
      ]),
    ).toEqual([
      ['今天', ['now']],
      ['昨天', ['yesterday']],
      ['最近 7 天', ['three-days']],
      ['最近 30 天', ['two-weeks']],
      ['2026年10月', ['october']],
      ['2026年9月', ['september']],
    ]);
  });

  test('the boundaries are local midnights', () => {
    expect(timeGroupOf(local(2026, 11, 23, 0, 0).getTime(), now)).toEqual({ kind: 'today' });
    expect(timeGroupOf(local(2026, 11, 22, 23, 59, 59, 999).getTime(), now)).toEqual({ kind: 'yesterday' });
    expect(timeGroupOf(local(2026, 11, 22, 0, 0).getTime(), now)).toEqual({ kind: 'yesterday' });
    expect(timeGroupOf(local(2026, 11, 21, 23, 59, 59, 999).getTime(), now)).toEqual({ kind: 'week' });
    // 最近 7 天 is the seven calendar days up to today: the 17th to the 23rd.
    expect(timeGroupOf(local(2026, 11, 17, 0, 0).getTime(), now)).toEqual({ kind: 'week' });
    expect(timeGroupOf(local(2026, 11, 16, 23, 59).getTime(), now)).toEqual({ kind: 'month' });
    // 最近 30 天: the 25th of October to the 23rd of November.
    expect(timeGroupOf(local(2026, 10, 25, 0, 0).getTime(), now)).toEqual({ kind: 'month' });
    expect(timeGroupOf(local(2026, 10, 24, 23, 59).getTime(), now)).toEqual({
      kind: 'calendarMonth',
      year: 2026,
      month: 10,
    });
  });

  test('just after midnight, an hour ago is yesterday', () => {
    const justAfter = local(2026, 11, 23, 0, 5);
    expect(groupsOf([session('late', iso(2026, 11, 22, 23, 5))], justAfter)).toEqual([['昨天', ['late']]]);
    expect(groupsOf([session('late', iso(2026, 11, 22, 23, 5))], local(2026, 11, 22, 23, 59))).toEqual([
      ['今天', ['late']],
    ]);
  });

  test('groups with nothing in them are left out', () => {
    expect(groupsOf([session('a', iso(2026, 11, 23, 8, 0)), session('b', iso(2026, 8, 1, 8, 0))])).toEqual([
      ['今天', ['a']],
      ['2026年8月', ['b']],
    ]);
    expect(groupsOf([])).toEqual([]);
  });

  test('a session from last year is under its year and month, after this year’s months', () => {
    const january = local(2026, 1, 10, 12, 0);
    expect(
      groupsOf(
        [
          session('dec', iso(2025, 12, 1, 12, 0)),
          session('this-year', iso(2026, 1, 2, 12, 0)),
          session('long-ago', iso(2024, 12, 31, 12, 0)),
        ],
        local(2026, 3, 1, 12, 0),
      ),
    ).toEqual([
      ['2026年1月', ['this-year']],
      ['2025年12月', ['dec']],
      ['2024年12月', ['long-ago']],
    ]);
    // Across the new year, the last days of December are recent days, not last year's month.
    expect(groupsOf([session('nye', iso(2025, 12, 31, 22, 0))], january)).toEqual([['最近 30 天', ['nye']]]);
    expect(groupsOf([session('nye', iso(2025, 12, 31, 22, 0))], local(2026, 1, 2, 8, 0))).toEqual([
      ['最近 7 天', ['nye']],
    ]);
  });

  test('items keep their order inside a group, even when given out of order', () => {
    expect(
      groupsOf([
        session('old', iso(2026, 9, 1, 12, 0)),
        session('t2', iso(2026, 11, 23, 7, 0)),
        session('t1', iso(2026, 11, 23, 9, 0)),
      ]),
    ).toEqual([
      ['今天', ['t2', 't1']],
      ['2026年9月', ['old']],
    ]);
  });

  test('a moment ahead of the clock is today; a date that does not parse comes last as 更早', () => {
    expect(
      groupsOf([
        session('broken', 'not a date'),
        session('ahead', iso(2026, 11, 24, 3, 0)),
        session('empty', ''),
      ]),
    ).toEqual([
      ['今天', ['ahead']],
      ['更早', ['broken', 'empty']],
    ]);
  });

  test('group ids are unique and stable: a month of another year is another group', () => {
    const groups = groupByTime(
      [session('a', iso(2026, 5, 1)), session('b', iso(2025, 5, 1))],
      (s) => s.updated_at,
      now,
    );
    expect(groups.map((g) => g.id)).toEqual(['2026-05', '2025-05']);
  });
});

test('nextMidnight is the start of the next local day', () => {
  expect(nextMidnight(now)).toEqual(local(2026, 11, 24));
  expect(nextMidnight(local(2026, 12, 31, 23, 59))).toEqual(local(2027, 1, 1));
});
