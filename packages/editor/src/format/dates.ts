import { t } from '../i18n/zh-CN';

/**
 * When a document was last changed, short enough for a card or a side-panel row: the time alone today,
 * 昨天 and the time yesterday, month and day within the year, the full date before that.
 */
const time = new Intl.DateTimeFormat('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
const monthDay = new Intl.DateTimeFormat('zh-CN', { month: 'long', day: 'numeric' });
const fullDate = new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: 'long', day: 'numeric' });

export interface ModifiedLabels {
  today(time: string): string;
  yesterday(time: string): string;
}

function startOfDay(at: number): number {
  const d = new Date(at);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export function formatModified(at: number, now: number, labels: ModifiedLabels): string {
  const day = startOfDay(at);
  const today = startOfDay(now);
  if (day === today) return labels.today(time.format(at));
  // The day before today's midnight (a DST change makes that day 23 or 25 hours long).
  if (day === startOfDay(today - 1)) return labels.yesterday(time.format(at));
  if (new Date(at).getFullYear() === new Date(now).getFullYear()) return monthDay.format(at);
  return fullDate.format(at);
}

/** A document's modification time as the home and the side panel show it, in the browser's time zone. */
export function formatDocumentTime(at: number, now: number = Date.now()): string {
  return formatModified(at, now, t.dates);
}
