import { chatText } from '../messages';

/**
 * The time groups of the history, newest first, as ChatGPT, Kimi, DeepSeek and 豆包 show them: 今天,
 * 昨天, 最近 7 天, 最近 30 天, then one group per calendar month (2026年10月).
 */
export type TimeGroupKey =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'week' }
  | { kind: 'month' }
  | { kind: 'calendarMonth'; year: number; month: number }
  | { kind: 'undated' };

export interface TimeGroup<T> {
  /** Stable across renders and unique in a list: a key for React and an id for the heading. */
  id: string;
  label: string;
  items: T[];
}

/** Midnight of the local day `days` after the one containing `now` (negative: before). */
function localMidnight(now: Date, days = 0): number {
  // Built from the calendar fields, not by subtracting 24 h: a day around a DST change is 23 or 25 h.
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days).getTime();
}

/** The group a moment falls in, seen from `now`, in the local time zone. */
export function timeGroupOf(time: number, now: Date): TimeGroupKey {
  if (!Number.isFinite(time)) return { kind: 'undated' };
  // A moment ahead of the clock (a server a little ahead) is today, not a month to come.
  if (time >= localMidnight(now, 0)) return { kind: 'today' };
  if (time >= localMidnight(now, -1)) return { kind: 'yesterday' };
  if (time >= localMidnight(now, -6)) return { kind: 'week' };
  if (time >= localMidnight(now, -29)) return { kind: 'month' };
  const date = new Date(time);
  return { kind: 'calendarMonth', year: date.getFullYear(), month: date.getMonth() + 1 };
}

const fixedRank = { today: 0, yesterday: 1, week: 2, month: 3 } as const;

/** Smaller ranks come first; months by recency; undated sessions last. */
function rank(key: TimeGroupKey): number {
  switch (key.kind) {
    case 'calendarMonth':
      return 10 + (9999 * 12 - (key.year * 12 + key.month));
    case 'undated':
      return Number.POSITIVE_INFINITY;
    default:
      return fixedRank[key.kind];
  }
}

function describe(key: TimeGroupKey): { id: string; label: string } {
  switch (key.kind) {
    case 'today':
      return { id: 'today', label: chatText.groupToday };
    case 'yesterday':
      return { id: 'yesterday', label: chatText.groupYesterday };
    case 'week':
      return { id: 'week', label: chatText.groupWeek };
    case 'month':
      return { id: 'month', label: chatText.groupMonth };
    case 'calendarMonth':
      return {
        id: `${key.year}-${String(key.month).padStart(2, '0')}`,
        label: chatText.groupCalendarMonth(key.year, key.month),
      };
    case 'undated':
      return { id: 'undated', label: chatText.groupUndated };
  }
}

/**
 * Sorts items into time groups by a date of theirs (a session's updated_at), seen from `now` in the
 * user's local time. Groups come newest first and only when they hold something; inside a group the
 * items keep the order they were given (the server's).
 */
export function groupByTime<T>(
  items: readonly T[],
  dateOf: (item: T) => string | null | undefined,
  now: Date,
): TimeGroup<T>[] {
  const groups = new Map<string, TimeGroup<T> & { rank: number }>();
  for (const item of items) {
    const value = dateOf(item);
    const key = timeGroupOf(value ? Date.parse(value) : Number.NaN, now);
    const { id, label } = describe(key);
    let group = groups.get(id);
    if (!group) {
      group = { id, label, items: [], rank: rank(key) };
      groups.set(id, group);
    }
    group.items.push(item);
  }
  return [...groups.values()]
    .sort((a, b) => a.rank - b.rank)
    .map(({ id, label, items: grouped }) => ({ id, label, items: grouped }));
}

/** The first moment after `now` at which the groups change: the next local midnight. */
export function nextMidnight(now: Date): Date {
  return new Date(localMidnight(now, 1));
}
