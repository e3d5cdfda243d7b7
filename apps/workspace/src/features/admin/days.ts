import { calendarDay } from '@wanxiang/api-client/contract';

/**
 * Calendar days as the usage report counts them: YYYY-MM-DD strings, moved by whole days in UTC so that
 * no zone's clock change makes a day 23 or 25 hours long.
 */

/** Whether `text` is a day that exists, as the server checks it. */
export const isCalendarDay = (text: string) => calendarDay.safeParse(text).success;

/** The day it is at `now` in `zone`. */
export const dayIn = (zone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How many days `from` to `to` covers, both counted. */
export const daysSpanned = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
