import { describe, expect, it } from 'vitest';
import { decidePick } from './trackRecord';

const plan = (entry_strategy_type: string, position_level: number) => ({
  entry_strategy_type,
  position_level,
});

describe('decidePick', () => {
  it('avoids every pick in 风险释放, whatever its plan', () => {
    expect(decidePick('风险释放', plan('breakout', 1.5))).toEqual({
      decision: 'avoid',
      reason: 'risk_release',
    });
    expect(decidePick(' 风险释放 ', null)).toEqual({ decision: 'avoid', reason: 'risk_release' });
  });

  it('avoids a plan that avoids or puts nothing in, watches one without a priced entry', () => {
    expect(decidePick('震荡偏多', plan('avoid', 1))).toEqual({ decision: 'avoid', reason: 'plan_avoid' });
    expect(decidePick('震荡偏多', plan('breakout', 0))).toEqual({ decision: 'avoid', reason: 'plan_avoid' });
    expect(decidePick('震荡偏多', plan('breakout', Number.NaN)).decision).toBe('avoid');
    expect(decidePick('震荡偏多', null)).toEqual({ decision: 'watch', reason: 'no_plan' });
    expect(decidePick('震荡偏多', plan('other', 1))).toEqual({ decision: 'watch', reason: null });
  });

  it('enters at the position tier: 1.5+ core, 1+ standard, above 0.5 medium, otherwise light', () => {
    const tiers = [1.5, 2, 1, 1.49, 0.9, 0.51, 0.5, 0.3].map((level) =>
      decidePick('低位反弹', plan('pullback', level)),
    );
    expect(tiers.map((d) => d.decision)).toEqual([
      'core',
      'core',
      'standard',
      'standard',
      'medium',
      'medium',
      'light',
      'light',
    ]);
  });
});
