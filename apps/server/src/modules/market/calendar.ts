/**
 * The China A-share trading calendar (SSE and SZSE keep the same one) and the intraday slot grid, in
 * Asia/Shanghai time whatever the server's zone is.
 *
 * A trading day is a Monday to Friday that is not an exchange holiday. The weekend make-up workdays
 * (调休上班) of the State Council's holiday notice are NOT trading days: the exchanges stay closed on every
 * Saturday and Sunday. They are listed anyway, so that tests can show they are not mistaken for sessions.
 *
 * Source of the tables: the State Council General Office's annual notices on public holidays
 * (国务院办公厅关于 2024 / 2025 / 2026 年部分节假日安排的通知) and the SSE/SZSE closure notices that follow
 * them (关于 20xx 年部分节假日休市安排的通知), written down from knowledge of those notices. Cross-checked
 * against the yearly trading-day counts of akshare's calendar.json (2024: 242, 2025: 243, 2026: 242), which
 * the tests assert. 2024-02-09 (除夕) was an official workday but the exchanges were closed; it is listed.
 *
 * Outside the years below the calendar refuses to answer (CalendarRangeError) rather than guess: a
 * holiday silently taken for a trading day would invent a market day. Add next year's table when the
 * notices are published (usually November–December).
 */

export const CALENDAR_YEARS = [2024, 2025, 2026] as const;

/** Weekday closures of the exchanges, by year. */
const HOLIDAYS: Record<number, readonly string[]> = {
  2024: [
    '2024-01-01', // 元旦
    '2024-02-09', // 春节 (除夕, an official workday, exchanges closed)
    '2024-02-12',
    '2024-02-13',
    '2024-02-14',
    '2024-02-15',
    '2024-02-16',
    '2024-04-04', // 清明节
    '2024-04-05',
    '2024-05-01', // 劳动节
    '2024-05-02',
    '2024-05-03',
    '2024-06-10', // 端午节
    '2024-09-16', // 中秋节
    '2024-09-17',
    '2024-10-01', // 国庆节
    '2024-10-02',
    '2024-10-03',
    '2024-10-04',
    '2024-10-07',
  ],
  2025: [
    '2025-01-01', // 元旦
    '2025-01-28', // 春节
    '2025-01-29',
    '2025-01-30',
    '2025-01-31',
    '2025-02-03',
    '2025-02-04',
    '2025-04-04', // 清明节
    '2025-05-01', // 劳动节
    '2025-05-02',
    '2025-05-05',
    '2025-06-02', // 端午节
    '2025-10-01', // 国庆节、中秋节
    '2025-10-02',
    '2025-10-03',
    '2025-10-06',
    '2025-10-07',
    '2025-10-08',
  ],
  2026: [
    '2026-01-01', // 元旦
    '2026-01-02',
    '2026-02-16', // 春节
    '2026-02-17',
    '2026-02-18',
    '2026-02-19',
    '2026-02-20',
    '2026-02-23',
    '2026-04-06', // 清明节
    '2026-05-01', // 劳动节
    '2026-05-04',
    '2026-05-05',
    '2026-06-19', // 端午节
    '2026-09-25', // 中秋节
    '2026-10-01', // 国庆节
    '2026-10-02',
    '2026-10-05',
    '2026-10-06',
    '2026-10-07',
  ],
};

/** Weekend workdays of the holiday notices (调休上班): offices work, the exchanges do not. */
const MAKE_UP_WORKDAYS: Record<number, readonly string[]> = {
  2024: [
    '2024-02-04',
    '2024-02-18',
    '2024-04-07',
    '2024-04-28',
    '2024-05-11',
    '2024-09-14',
    '2024-09-29',
    '2024-10-12',
  ],
  2025: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
  2026: ['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10'],
};

const holidays = new Set(Object.values(HOLIDAYS).flat());
const makeUpWorkdays = new Set(Object.values(MAKE_UP_WORKDAYS).flat());

export const FIRST_CALENDAR_DATE = `${CALENDAR_YEARS[0]}-01-01`;
export const LAST_CALENDAR_DATE = `${CALENDAR_YEARS[CALENDAR_YEARS.length - 1]}-12-31`;

/** A date the calendar has no table for. */
export class CalendarRangeError extends Error {
  constructor(readonly date: string) {
    super(`trading calendar covers ${FIRST_CALENDAR_DATE}..${LAST_CALENDAR_DATE}, not ${date}`);
    this.name = 'CalendarRangeError';
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a real calendar day. */
export function isIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function inCalendar(date: string): boolean {
  return date >= FIRST_CALENDAR_DATE && date <= LAST_CALENDAR_DATE;
}

function assertInCalendar(date: string): void {
  if (!isIsoDate(date) || !inCalendar(date)) throw new CalendarRangeError(date);
}

/** Calendar arithmetic on plain dates, done in UTC so the server's zone never shifts a day. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isHoliday(date: string): boolean {
  assertInCalendar(date);
  return holidays.has(date);
}

export function isMakeUpWorkday(date: string): boolean {
  assertInCalendar(date);
  return makeUpWorkdays.has(date);
}

export function isTradingDay(date: string): boolean {
  assertInCalendar(date);
  const day = weekday(date);
  return day !== 0 && day !== 6 && !holidays.has(date);
}

/** Trading days from `from` to `to`, both included, in order. */
export function tradingDaysBetween(from: string, to: string): string[] {
  assertInCalendar(from);
  assertInCalendar(to);
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) if (isTradingDay(date)) days.push(date);
  return days;
}

/** The `count` trading days before `date` (not included), oldest first; fewer at the calendar's start. */
export function tradingDaysBefore(date: string, count: number): string[] {
  assertInCalendar(date);
  const days: string[] = [];
  for (let d = addDays(date, -1); days.length < count && d >= FIRST_CALENDAR_DATE; d = addDays(d, -1))
    if (isTradingDay(d)) days.unshift(d);
  return days;
}

export function previousTradingDay(date: string): string | undefined {
  return tradingDaysBefore(date, 1)[0];
}

// ---- Shanghai time ----------------------------------------------------------------------------------

const SHANGHAI_OFFSET_MS = 8 * 3_600_000; // China has kept UTC+8 without daylight saving since 1991.

/** The Shanghai calendar day and minute of the day of an instant. */
export function shanghaiClock(now: Date): { date: string; minute: number } {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  return {
    date: local.toISOString().slice(0, 10),
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

// ---- The 5-minute slot grid --------------------------------------------------------------------------

/** Minutes after midnight at which each slot ends: 09:35…11:30 and 13:05…15:00. */
export const SLOT_MINUTES: readonly number[] = [
  ...Array.from({ length: 24 }, (_, i) => 9 * 60 + 35 + i * 5),
  ...Array.from({ length: 24 }, (_, i) => 13 * 60 + 5 + i * 5),
];
export const SLOT_COUNT = SLOT_MINUTES.length;
export const CLOSE_MINUTE = 15 * 60;

export function formatMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The slot's end as an ISO instant in Shanghai time, e.g. `2026-11-25T09:35:00+08:00`. */
export function slotTimestamp(date: string, slot: number): string {
  return `${date}T${formatMinute(SLOT_MINUTES[slot] as number)}:00+08:00`;
}

/** How many slots of `date` have ended at `now` (0 before the open, 48 after the close or on a past day). */
export function slotsElapsed(date: string, now: Date): number {
  const clock = shanghaiClock(now);
  if (date < clock.date) return SLOT_COUNT;
  if (date > clock.date) return 0;
  return SLOT_MINUTES.filter((minute) => minute <= clock.minute).length;
}

/** A trading day is complete (its data final and archivable) once its last slot has ended. */
export function isDayComplete(date: string, now: Date): boolean {
  return slotsElapsed(date, now) === SLOT_COUNT;
}
