import type { DecisionTally, PickOutcome } from '@wanxiang/api-client';
import { describe, expect, it } from 'vitest';
import { decisionLabels, formatRate, formatReturn, outcomeFor, shownRows, toneOf } from './trackRecordLogic';

describe('the track record display rules', () => {
  it('signs returns, red up and green down', () => {
    expect([3, -10, 0, 0.005, null].map(formatReturn)).toEqual(['+3.00%', '−10.00%', '0.00%', '+0.01%', '—']);
    expect([3, -0.01, 0, null, Number.NaN].map(toneOf)).toEqual(['up', 'down', 'flat', 'flat', 'flat']);
    expect([50, 0, null].map(formatRate)).toEqual(['50.00%', '0.00%', '—']);
  });

  it('names each decision as the cards do', () => {
    expect(Object.values(decisionLabels)).toEqual([
      '核心仓位',
      '标准仓位',
      '中等仓位',
      '轻仓试探',
      '关注',
      '回避',
    ]);
  });

  it('shows the decisions that had a pick, pending or not', () => {
    const row = (decision: DecisionTally['decision'], picks: number, pending = 0): DecisionTally => ({
      decision,
      picks,
      pending,
      unavailable: 0,
      hits: 0,
      hit_rate: null,
      average_return: null,
      worst_return: null,
    });
    expect(
      shownRows([row('core', 2), row('standard', 0), row('light', 0, 1)]).map((r) => r.decision),
    ).toEqual(['core', 'light']);
  });

  it("finds a pick's outcome by position, or by symbol when the lists differ", () => {
    const o = (symbol: string) => ({ symbol }) as PickOutcome;
    const list = [o('MZ0001'), o('MZ0002')];
    expect(outcomeFor(list, 'MZ0002', 1)).toBe(list[1]);
    expect(outcomeFor(list, 'MZ0001', 1)).toBe(list[0]);
    expect(outcomeFor(list, 'MZ0003', 0)).toBeUndefined();
    expect(outcomeFor(null, 'MZ0001', 0)).toBeUndefined();
  });
});
