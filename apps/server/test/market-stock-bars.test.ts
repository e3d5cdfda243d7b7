import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { tradingDaysBetween } from '../src/modules/market/calendar';
import { EastmoneyMarket, type FetchLike } from '../src/modules/market/eastmoney';
import { type DailyBar, limitPrice, limitRatio, MarketSourceError } from '../src/modules/market/provider';
import { MINUTES_PER_DAY, SimulatedMarket, sharedSimulatedMarket } from '../src/modules/market/simulated';

const DAY = '2026-11-20';
const silent = pino({ level: 'silent' });

describe('the simulated market per stock', () => {
  const market = sharedSimulatedMarket();

  it('closes each stock of the limit-up pool at its limit price, minutes ending there', async () => {
    const pool = await market.limitUpPool(DAY);
    expect(pool.length).toBeGreaterThan(5);
    for (const stock of pool) {
      const [bar] = await market.dailyBars(stock.code, DAY, DAY);
      expect(bar?.close, stock.code).toBe(stock.limitPrice);
      expect(bar?.high).toBe(stock.limitPrice);
      expect(bar?.close).toBe(limitPrice(bar?.prevClose as number, limitRatio(stock.board, false), 1));
      expect(bar?.pctChange).toBe(stock.pctChange);
      const minutes = await market.minuteBars(stock.code, DAY);
      expect(minutes.at(-1)?.price).toBe(stock.limitPrice);
      // From its first seal to the close the price sits on the limit.
      const sealed = stock.firstSealTime?.slice(0, 5) ?? '';
      for (const minute of minutes)
        if (minute.time > sealed && minute.time !== '09:30')
          expect(minute.price, `${stock.code} ${minute.time}`).toBe(stock.limitPrice);
    }
  });

  it('gives minute bars that open, touch the high and low, and end at the daily bar', async () => {
    const stocks = [
      ...(await market.brokenPool(DAY)).slice(0, 10),
      ...(await market.limitDownPool(DAY)).slice(0, 10),
      ...market.securities().filter((_, i) => i % 97 === 0),
    ];
    for (const { code } of stocks) {
      const [bar] = await market.dailyBars(code, DAY, DAY);
      const minutes = await market.minuteBars(code, DAY);
      expect(minutes).toHaveLength(MINUTES_PER_DAY);
      expect(minutes[0]?.time).toBe('09:30');
      expect(minutes[120]?.time).toBe('11:30');
      expect(minutes[121]?.time).toBe('13:01');
      expect(minutes.at(-1)?.time).toBe('15:00');
      const prices = minutes.map((m) => m.price);
      expect(prices[0]).toBe(bar?.open);
      expect(prices.at(-1)).toBe(bar?.close);
      expect(Math.max(...prices)).toBe(bar?.high);
      expect(Math.min(...prices)).toBe(bar?.low);
      expect(minutes.reduce((sum, m) => sum + m.volume, 0)).toBe(bar?.volume);
      for (const m of minutes) {
        expect(m.volume % 100).toBe(0);
        expect(m.avgPrice).toBeGreaterThanOrEqual((bar?.low as number) - 0.001);
        expect(m.avgPrice).toBeLessThanOrEqual((bar?.high as number) + 0.001);
      }
    }
  });

  it('touches the limit in a broken board and holds the floor of a limit-down stock', async () => {
    for (const stock of (await market.brokenPool(DAY)).slice(0, 10)) {
      const [bar] = await market.dailyBars(stock.code, DAY, DAY);
      expect(bar?.high).toBe(stock.limitPrice);
      expect(bar?.close).toBeLessThan(stock.limitPrice as number);
    }
    for (const stock of (await market.limitDownPool(DAY)).slice(0, 10)) {
      const minutes = await market.minuteBars(stock.code, DAY);
      expect(minutes.at(-1)?.price).toBe(stock.price);
      const [bar] = await market.dailyBars(stock.code, DAY, DAY);
      expect(bar?.low).toBe(stock.price);
    }
  });

  it('chains the days: each bar starts from the close before it inside a quarter', async () => {
    const code = market.securities()[10]?.code as string;
    const bars = await market.dailyBars(code, '2026-10-08', '2026-11-27');
    expect(bars.map((b) => b.date)).toEqual(tradingDaysBetween('2026-10-08', '2026-11-27'));
    for (let i = 1; i < bars.length; i += 1) expect(bars[i]?.prevClose).toBe(bars[i - 1]?.close);
    for (const bar of bars) {
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
    }
  });

  it('is deterministic and knows only its own codes', async () => {
    const code = 'MC0042';
    const fresh = new SimulatedMarket();
    expect(await fresh.dailyBars(code, '2026-11-02', DAY)).toEqual(
      await market.dailyBars(code, '2026-11-02', DAY),
    );
    expect(await fresh.minuteBars(code, DAY)).toEqual(await market.minuteBars(code, DAY));
    expect(await market.stockInfo(code)).toEqual({
      code,
      name: '模拟创业0042',
      board: 'chinext',
      industry: expect.any(String),
    });
    expect(await market.stockInfo('600000')).toBeUndefined();
    expect(await market.stockInfo('MZ9999')).toBeUndefined();
    expect(await market.dailyBars('600000', '2026-11-02', DAY)).toEqual([]);
    expect(await market.minuteBars('600000', DAY)).toEqual([]);
    expect(await market.minuteBars(code, '2026-11-22')).toEqual([]);
  });

  it('gives a year of daily bars quickly once the days are rolled', async () => {
    const code = 'MZ0100';
    const started = performance.now();
    const bars = await market.dailyBars(code, '2025-11-28', '2026-11-27');
    const cold = performance.now() - started;
    const again = performance.now();
    await market.dailyBars('MZ0200', '2025-11-28', '2026-11-27');
    const warm = performance.now() - again;
    expect(bars.length).toBeGreaterThan(240);
    expect(warm).toBeLessThan(500);
    console.info(`a year of simulated daily bars: ${cold.toFixed(0)} ms cold, ${warm.toFixed(0)} ms warm`);
  });

  it('stays continuous across the quarters’ seams: each bar opens and closes within the daily limit of the close before', async () => {
    // The year just rolled: the first trading days of four quarters lie inside it.
    const days = tradingDaysBetween('2025-11-28', '2026-11-27');
    const seams = days.filter(
      (day, i) => i > 0 && /-(01|04|07|10)-/.test(day) && days[i - 1]?.slice(5, 7) !== day.slice(5, 7),
    );
    expect(seams).toEqual(['2026-01-05', '2026-04-01', '2026-07-01', '2026-10-08']);
    let jumpsBridged = 0;
    for (const stock of market.securities().filter((_, i) => i % 400 === 7)) {
      const bars = await market.dailyBars(stock.code, '2025-11-28', '2026-11-27');
      expect(bars.map((b) => b.date)).toEqual(days);
      for (let i = 1; i < bars.length; i += 1) {
        const before = bars[i - 1] as DailyBar;
        const bar = bars[i] as DailyBar;
        const at = `${stock.code} ${bar.date}`;
        expect(Math.abs(bar.prevClose - before.close), at).toBeLessThanOrEqual(0.01);
        const up = limitPrice(before.close, stock.limitRatio, 1) + 0.011;
        const down = limitPrice(before.close, stock.limitRatio, -1) - 0.011;
        for (const price of [bar.open, bar.close]) {
          expect(price, at).toBeLessThanOrEqual(up);
          expect(price, at).toBeGreaterThanOrEqual(down);
        }
      }
      // The last bar asked for is the market's own day, as the pools and the quote see it.
      expect(bars.at(-1)).toEqual((await market.dailyBars(stock.code, '2026-11-27', '2026-11-27'))[0]);
      // Each quarter's first day, asked alone, starts from its own warm-up: the seams the series bridges.
      for (const seam of seams) {
        const [first] = await market.dailyBars(stock.code, seam, seam);
        const [last] = await market.dailyBars(
          stock.code,
          days[days.indexOf(seam) - 1] as string,
          days[days.indexOf(seam) - 1] as string,
        );
        if (Math.abs((first?.prevClose ?? 0) - (last?.close ?? 0)) > 0.01) jumpsBridged += 1;
      }
    }
    expect(jumpsBridged).toBeGreaterThan(0);
  });
});

describe('the Eastmoney adapter per stock', () => {
  function adapter(answer: unknown) {
    const calls: string[] = [];
    const fetch: FetchLike = async (url) => {
      calls.push(url);
      if (answer instanceof Error) throw answer;
      return { ok: true, status: 200, json: async () => answer };
    };
    return {
      calls,
      market: new EastmoneyMarket({ fetch, retries: 1, backoffMs: 1, logger: silent, sleep: async () => {} }),
    };
  }
  const fixture = async (name: string) =>
    JSON.parse(
      await readFile(path.join(import.meta.dirname, 'fixtures', 'eastmoney', `${name}.json`), 'utf8'),
    );

  it('reads stock info, and an unknown code as undefined', async () => {
    const { market, calls } = adapter(await fixture('stock-get'));
    expect(await market.stockInfo('603123')).toEqual({
      code: '603123',
      name: '示例科技',
      board: 'main',
      industry: '软件开发',
    });
    expect(new URL(calls[0] as string).searchParams.get('secid')).toBe('1.603123');
    expect(await adapter({ rc: 0, data: null }).market.stockInfo('000999')).toBeUndefined();
    expect(await market.stockInfo('MZ0001')).toBeUndefined();
  });

  it('reads daily klines: lots to shares, previous close from the change, bounded range', async () => {
    const { market, calls } = adapter(await fixture('kline'));
    const bars = await market.dailyBars('603123', '2026-11-18', '2026-11-20');
    const url = new URL(calls[0] as string);
    expect(url.pathname).toBe('/api/qt/stock/kline/get');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      klt: '101',
      fqt: '0',
      beg: '20261118',
      end: '20261120',
      lmt: '800',
    });
    expect(bars).toHaveLength(3);
    expect(bars[2]).toEqual({
      date: '2026-11-20',
      open: 11.5,
      close: 12.34,
      high: 12.34,
      low: 11.42,
      prevClose: 11.22,
      pctChange: 9.98,
      volume: 35_678_900,
      amount: 432_100_000,
    });
  });

  it('reads minute trends of the day asked, and nothing for a day outside its window', async () => {
    const { market } = adapter(await fixture('trends'));
    const bars = await market.minuteBars('603123', '2026-11-20');
    expect(bars.map((b) => b.time)).toEqual(['09:30', '09:31', '09:32', '15:00']);
    expect(bars[1]).toEqual({ time: '09:31', price: 11.6, avgPrice: 11.562, volume: 120_000 });
    expect(await market.minuteBars('603123', '2026-10-01')).toEqual([]);
  });

  it('refuses malformed rows and reports a failing source', async () => {
    const bad = adapter({ data: { code: '603123', klines: ['2026-11-20,abc'] } }).market;
    await expect(bad.dailyBars('603123', '2026-11-18', '2026-11-20')).rejects.toBeInstanceOf(
      MarketSourceError,
    );
    const down = adapter(new Error('connection reset')).market;
    await expect(down.minuteBars('603123', '2026-11-20')).rejects.toThrow(/connection reset/);
  });
});
