import { describe, expect, it } from 'vitest';
// The server's own account of the formula: the board's table must say the same.
import readme from '../../../../server/src/modules/market/README.md?raw';
import { effectiveWeight, FORMULA, rawInput, scoreOf } from './emotionFormula';

/** The rows of the README's formula table: symbol → 0-at, 100-at, weight. */
function readmeTable() {
  const rows = new Map<string, { zeroAt: number; fullAt: number; weight: number }>();
  const section = readme.slice(readme.indexOf('## The formula'), readme.indexOf('Why these weights'));
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | 连板高度 H | highest consecutive board | 2 | 8 | 0.15 |
    const symbol = cells[1]?.match(/\s([A-Z]+)$/)?.[1];
    if (!symbol || cells.length < 7) continue;
    const num = (cell: string | undefined) => Number((cell ?? '').replace('−', '-').replace('+', ''));
    rows.set(symbol, { zeroAt: num(cells[3]), fullAt: num(cells[4]), weight: num(cells[5]) });
  }
  return rows;
}

const scores = {
  yesterday_limit_up_return: 40,
  broken_rate: 50,
  limit_up: 60,
  max_board: 0,
  promotion_rate: 70,
  limit_down: 80,
  breadth: 90,
};

describe('the emotion formula table', () => {
  it('has the README’s seven components with their anchors and weights', () => {
    const table = readmeTable();
    expect(table.size).toBe(7);
    for (const component of FORMULA) {
      expect(table.get(component.symbol), component.symbol).toEqual({
        zeroAt: component.zeroAt,
        fullAt: component.fullAt,
        weight: component.weight,
      });
    }
    expect(FORMULA.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1);
  });

  it('maps a raw value linearly between its anchors, clamped', () => {
    const height = FORMULA.find((c) => c.key === 'max_board');
    const broken = FORMULA.find((c) => c.key === 'broken_rate');
    if (!height || !broken) throw new Error('missing component');
    expect(scoreOf(height, 2)).toBe(0);
    expect(scoreOf(height, 5)).toBe(50);
    expect(scoreOf(height, 12)).toBe(100);
    // A falling anchor: a lower broken rate scores higher.
    expect(scoreOf(broken, 0.3)).toBeCloseTo(50);
    expect(scoreOf(broken, 0.6)).toBe(0);
  });

  it('shares a missing sub-score’s weight among the others', () => {
    expect(effectiveWeight('max_board', scores)).toBeCloseTo(0.15);
    const missing = { ...scores, yesterday_limit_up_return: null };
    expect(effectiveWeight('yesterday_limit_up_return', missing)).toBeNull();
    expect(effectiveWeight('max_board', missing)).toBeCloseTo(0.2);
  });

  it('reads breadth as advancers over advancers and decliners, missing without either', () => {
    const inputs = {
      limit_up: 50,
      limit_down: 3,
      broken: 10,
      broken_rate: 0.2,
      max_board: 2,
      promotion_rate: null,
      yesterday_limit_up_return: 1,
      advancers: 3000,
      decliners: 1000,
    };
    expect(rawInput('breadth', inputs)).toBe(0.75);
    expect(rawInput('breadth', { ...inputs, advancers: 0, decliners: 0 })).toBeNull();
    expect(rawInput('promotion_rate', inputs)).toBeNull();
    expect(rawInput('max_board', inputs)).toBe(2);
  });
});
