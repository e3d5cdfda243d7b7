import { describe, expect, it } from 'vitest';
import { planLabel } from './planLabel';

describe('planLabel', () => {
  it('names a running subscription with its last day in Shanghai', () => {
    // 16:30 UTC is already the next day in Shanghai.
    expect(planLabel({ name: '策略订阅', expires_at: '2026-12-27T16:30:00.000Z' })).toBe(
      '策略订阅 · 至 2026-12-28',
    );
    expect(planLabel({ name: '策略订阅', expires_at: '2026-12-28T02:30:00.000Z' })).toBe(
      '策略订阅 · 至 2026-12-28',
    );
  });

  it('keeps a plan without an end as it is, and nothing as nothing', () => {
    expect(planLabel({ name: '免费体验版' })).toBe('免费体验版');
    expect(planLabel({ name: '免费体验版', expires_at: null })).toBe('免费体验版');
    expect(planLabel({ name: '策略订阅', expires_at: 'soon' })).toBe('策略订阅');
    expect(planLabel(null)).toBeUndefined();
    expect(planLabel({ name: null })).toBeUndefined();
  });
});
