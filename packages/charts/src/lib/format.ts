/**
 * zh-CN formatting for the charts. Calendar dates are "YYYY-MM-DD" trading days in China; they are read
 * and formatted as UTC midnights so the viewer's own time zone can never shift a day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a real calendar date "YYYY-MM-DD", or null (2026-02-30 is null too). */
export function parseIsoDate(date: string): Date | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    return null;
  return utc;
}

const twoDecimals = new Intl.NumberFormat('zh-CN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** The emotion value as the tooltip shows it: always two decimals. */
export const formatValue = (value: number) => twoDecimals.format(value);

const axisDate = new Intl.DateTimeFormat('zh-CN', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'UTC',
});
const fullDate = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const format = (formatter: Intl.DateTimeFormat, date: string) => {
  const parsed = parseIsoDate(date);
  return parsed ? formatter.format(parsed) : date;
};

/** "11月20日": the x-axis label of a day. */
export const formatAxisDate = (date: string) => format(axisDate, date);
/** "2026年11月20日周五": the tooltip heading of a day. */
export const formatLongDate = (date: string) => format(longDate, date);
/** "2026年11月20日": dates inside sentences. */
export const formatFullDate = (date: string) => format(fullDate, date);
