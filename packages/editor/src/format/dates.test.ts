import { describe, expect, it } from 'vitest';
import { t } from '../i18n/zh-CN';
import { formatModified } from './dates';

// Local times: the formatter tells the day in the reader's own zone.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const now = at(2026, 11, 23, 18, 50);

describe('formatModified', () => {
  it('says 今天 with the time for today', () => {
    expect(formatModified(at(2026, 11, 23, 9, 5), now, t.dates)).toBe('今天 09:05');
    expect(formatModified(at(2026, 11, 23, 0, 0), now, t.dates)).toBe('今天 00:00');
  });
  it('says 昨天 with the time for yesterday, including just before midnight', () => {
    expect(formatModified(at(2026, 11, 22, 23, 59), now, t.dates)).toBe('昨天 23:59');
  });
  it('gives month and day within the year, the full date before it', () => {
    expect(formatModified(at(2026, 11, 21, 12), now, t.dates)).toBe('11月21日');
    expect(formatModified(at(2026, 1, 1, 12), now, t.dates)).toBe('1月1日');
    expect(formatModified(at(2025, 12, 31, 12), now, t.dates)).toBe('2025年12月31日');
  });
  it('treats a date in the future (another device’s clock) by its calendar day', () => {
    expect(formatModified(at(2026, 11, 24, 8), now, t.dates)).toBe('11月24日');
  });
});
