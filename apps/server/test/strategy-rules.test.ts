import { describe, expect, it } from 'vitest';
import type { EmotionInputs } from '../src/modules/market/emotion';
import type { MarketSnapshot, PoolStock } from '../src/modules/market/provider';
import { closingSnapshot } from '../src/modules/market/provider';
import { sharedSimulatedMarket } from '../src/modules/market/simulated';
import {
  type EmotionFacts,
  emotionStage,
  hotThemes,
  ruleSummary,
  selectWatchlist,
} from '../src/modules/strategy/rules';

const inputs = (over: Partial<EmotionInputs> = {}): EmotionInputs => ({
  limit_up: 60,
  limit_down: 5,
  broken: 15,
  broken_rate: 0.2,
  max_board: 5,
  promotion_rate: 0.3,
  yesterday_limit_up_return: 2.1,
  advancers: 3000,
  decliners: 2000,
  ...over,
});
const facts = (over: Partial<EmotionFacts>): EmotionFacts => ({
  value: 55,
  ma5: 50,
  ma20: 50,
  previous: 50,
  inputs: inputs(),
  ...over,
});

function stock(code: string, over: Partial<PoolStock> = {}): PoolStock {
  return {
    code,
    name: `股票${code}`,
    board: 'main',
    price: 11,
    pctChange: 10,
    limitPrice: 11,
    boards: 1,
    firstSealTime: '09:45:00',
    breakCount: 0,
    industry: '半导体',
    ...over,
  };
}

function snapshot(limitUp: PoolStock[]): MarketSnapshot {
  return {
    tradeDate: '2026-11-20',
    time: '15:00',
    limitUp,
    broken: [],
    limitDown: [],
    yesterdayLimitUp: [],
    breadth: { advancers: 3000, decliners: 2000, unchanged: 100 },
    indices: [],
  };
}

describe('the emotion stage', () => {
  it('calls a cold or stressed market 风险释放 before anything else', () => {
    expect(emotionStage(facts({ value: 30, ma5: 20, ma20: 20 }))).toBe('风险释放');
    expect(emotionStage(facts({ value: 48, ma5: 55, inputs: inputs({ limit_down: 25 }) }))).toBe('风险释放');
    expect(emotionStage(facts({ value: 48, ma5: 55, inputs: inputs({ broken_rate: 0.45 }) }))).toBe(
      '风险释放',
    );
    expect(
      emotionStage(facts({ value: 48, ma5: 55, inputs: inputs({ yesterday_limit_up_return: -1 }) })),
    ).toBe('风险释放');
  });

  it('tells a rebound from low levels, a top at high levels and a bullish range', () => {
    expect(emotionStage(facts({ value: 50, ma5: 40, ma20: 38, previous: 41 }))).toBe('低位反弹');
    // Not rising since yesterday: not a rebound.
    expect(emotionStage(facts({ value: 50, ma5: 40, ma20: 38, previous: 55 }))).toBe('震荡偏多');
    expect(emotionStage(facts({ value: 62, ma5: 70, ma20: 65 }))).toBe('高位震荡');
    expect(emotionStage(facts({ value: 60, ma5: 55, ma20: 52 }))).toBe('震荡偏多');
  });
});

describe('hot themes and the watchlist', () => {
  const ladder = [
    stock('600001', { boards: 4, firstSealTime: '09:31:00', price: 10, limitPrice: 10 }),
    stock('600002', { boards: 2, firstSealTime: '10:02:00' }),
    stock('300003', { board: 'chinext', boards: 1, firstSealTime: '09:50:00', price: 12.34, pctChange: 20 }),
    stock('600004', { boards: 1, breakCount: 3 }),
    stock('600005', { boards: 1, firstSealTime: '14:41:00' }),
    stock('600006', { industry: '汽车零部', boards: 3, firstSealTime: '09:25:00' }),
    stock('600007', { industry: '汽车零部', boards: 1, firstSealTime: '13:10:00' }),
    stock('600008', { industry: '银行', boards: 1 }),
  ];

  it('ranks the industries with two or more limit-ups by count, naming the ladder and the leader', () => {
    const themes = hotThemes(ladder);
    expect(themes.map((t) => [t.theme, t.count, t.leader.code])).toEqual([
      ['半导体', 5, '600001'],
      ['汽车零部', 2, '600006'],
    ]);
    expect(themes[0]?.logic).toBe(
      '5 只涨停，梯队 4板1只、2板1只、1板3只；龙头 股票600001（600001）4 连板，09:31:00 首次封板。',
    );
  });

  it('drops boards opened twice and late boards, then plans the leader as a breakout and followers as pullbacks', () => {
    const themes = hotThemes(ladder);
    const { picks, counts } = selectWatchlist(snapshot(ladder), '震荡偏多', themes, 'next-session');
    expect(counts).toEqual({ fetched: 8, brokenTooOften: 1, lateSeal: 1, outsideHotThemes: 1, kept: 5 });
    expect(picks.map((p) => [p.stock.code, p.role, p.plan.entry_strategy_type])).toEqual([
      ['600001', 'leader', 'breakout'],
      ['600006', 'leader', 'breakout'],
      ['600002', 'follower', 'pullback'],
      ['300003', 'follower', 'pullback'],
      ['600007', 'follower', 'pullback'],
    ]);
    // Main board: the next limit from a close of 10.00 is 11.00; position 1.5 in 震荡偏多, stop 5 %.
    expect(picks[0]?.plan).toEqual({
      position_level: 1.5,
      entry_strategy_type: 'breakout',
      entry_price_low: 11,
      entry_price_high: 11,
      stop_loss_type: 'percent',
      stop_loss_value: 5,
    });
    // ChiNext 20 %: 12.34 × 1.2 = 14.808 → 14.81; the range is 95–98 % of it on the fen, stop 97 % of its low.
    expect(picks[3]?.plan).toEqual({
      position_level: 0.9,
      entry_strategy_type: 'pullback',
      entry_price_low: 14.07,
      entry_price_high: 14.51,
      stop_loss_type: 'price',
      stop_loss_value: 13.65,
    });
  });

  it('avoids every pick in 风险释放 and a high leader in 高位震荡', () => {
    const themes = hotThemes(ladder);
    const risk = selectWatchlist(snapshot(ladder), '风险释放', themes, 'next-session').picks;
    expect(risk.every((p) => p.plan.entry_strategy_type === 'avoid' && p.plan.position_level === 0)).toBe(
      true,
    );
    expect(risk[0]?.plan.entry_price_low).toBeNull();
    expect(risk[0]?.reason).toContain('亏钱效应扩散');
    const high = [...ladder, stock('600009', { boards: 6, firstSealTime: '09:25:00' })];
    const top = selectWatchlist(snapshot(high), '高位震荡', hotThemes(high), 'next-session').picks;
    expect(top[0]).toMatchObject({ role: 'avoid', stock: { code: '600009' } });
    expect(top.find((p) => p.stock.code === '600006')?.plan.position_level).toBe(0.5);
  });

  it('during the session plans at today’s limit price', () => {
    const intraday = [
      stock('600010', { price: 9.9, pctChange: 10, limitPrice: 9.9, boards: 2 }),
      stock('600011'),
    ];
    const { picks } = selectWatchlist(snapshot(intraday), '低位反弹', hotThemes(intraday), 'intraday');
    expect(picks[0]?.plan).toMatchObject({ entry_price_low: 9.9, entry_price_high: 9.9, position_level: 1 });
  });
});

describe('on recorded simulated days', () => {
  it('picks only sealed, early boards of the day’s hot themes, on the fen, the same every time', async () => {
    const market = sharedSimulatedMarket();
    for (const date of ['2026-09-15', '2026-10-20', '2026-11-20']) {
      const close = await closingSnapshot(market, date);
      const themes = hotThemes(close.limitUp);
      const first = selectWatchlist(close, '震荡偏多', themes, 'next-session');
      const again = selectWatchlist(
        await closingSnapshot(market, date),
        '震荡偏多',
        hotThemes(close.limitUp),
        'next-session',
      );
      expect(again).toEqual(first);
      expect(first.counts.fetched).toBe(close.limitUp.length);
      expect(first.picks.length).toBeGreaterThan(0);
      expect(first.picks.length).toBeLessThanOrEqual(6);
      const hot = new Set(themes.map((t) => t.theme));
      for (const pick of first.picks) {
        expect(hot.has(pick.stock.industry)).toBe(true);
        expect(pick.stock.breakCount ?? 0).toBeLessThan(2);
        expect((pick.stock.firstSealTime ?? '00') < '14:30:00').toBe(true);
        for (const price of [
          pick.plan.entry_price_low,
          pick.plan.entry_price_high,
          pick.plan.stop_loss_value,
        ])
          if (price !== null && pick.plan.stop_loss_type !== 'percent')
            expect(Math.round((price as number) * 100) / 100).toBe(price);
      }
      const summary = ruleSummary(
        facts({ inputs: inputs({ limit_up: close.limitUp.length }) }),
        '震荡偏多',
        themes,
        first.picks,
      );
      expect(summary).toContain(`涨停 ${close.limitUp.length} 只`);
      expect(summary).toContain(`入选 ${first.picks.length} 只`);
    }
  });
});
