/**
 * The clock of the strategy board. The A-share market runs on China Standard Time whatever the browser's
 * zone is, so every date and time here is read in Asia/Shanghai.
 */

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

interface ShanghaiParts {
  date: string;
  time: string;
  /** Minutes since midnight. */
  minutes: number;
  weekday: string;
}

function shanghaiParts(at: number | Date): ShanghaiParts {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}:${p.second}`,
    minutes: Number(p.hour) * 60 + Number(p.minute),
    weekday: p.weekday ?? '',
  };
}

/** `YYYY-MM-DD HH:mm:ss` in Shanghai: the board's 更新时间. */
export function formatShanghaiDateTime(at: number | Date): string {
  const p = shanghaiParts(at);
  return `${p.date} ${p.time}`;
}

/** The Shanghai calendar day, `YYYY-MM-DD`. */
export function shanghaiDate(at: number | Date): string {
  return shanghaiParts(at).date;
}

/** The Shanghai calendar day `days` days before `at`. */
export function shanghaiDateDaysBefore(at: number | Date, days: number): string {
  return shanghaiDate(new Date(at).getTime() - days * 24 * 3_600_000);
}

const SESSIONS = [
  [9 * 60 + 30, 11 * 60 + 30],
  [13 * 60, 15 * 60],
] as const;

/**
 * Whether the market is in a session (09:30–11:30, 13:00–15:00) of a weekday. Holidays are not known
 * here; on one the minute series simply stays as it was.
 */
export function isTradingTime(at: number | Date): boolean {
  const p = shanghaiParts(at);
  if (p.weekday === 'Sat' || p.weekday === 'Sun') return false;
  return SESSIONS.some(([open, close]) => p.minutes >= open && p.minutes <= close);
}
