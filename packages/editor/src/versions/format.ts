import { t } from '../i18n/zh-CN';
import type { VersionEntry } from './types';

const m = t.versions;

/** Times in China Standard Time, as the users read them: 3月1日 10:05 (with the year when not this one). */
const shanghai = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const shanghaiWithYear = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const yearOf = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' });

export function formatVersionTime(at: number, now: number): string {
  return yearOf.format(at) === yearOf.format(now) ? shanghai.format(at) : shanghaiWithYear.format(at);
}

export function formatBytes(bytes: number): string {
  const abs = Math.abs(bytes);
  if (abs < 1024) return `${abs} 字节`;
  if (abs < 1024 * 1024) return `${(abs / 1024).toFixed(1)} KB`;
  return `${(abs / 1024 / 1024).toFixed(1)} MB`;
}

export function kindLabel(entry: VersionEntry): string {
  return entry.kind === 'manual' ? m.manual : entry.kind === 'restore' ? m.restore : m.auto;
}

export function deltaLabel(entry: VersionEntry): string {
  if (entry.sizeDelta === 0) return m.unchanged;
  return entry.sizeDelta > 0 ? m.grew(formatBytes(entry.sizeDelta)) : m.shrank(formatBytes(entry.sizeDelta));
}
