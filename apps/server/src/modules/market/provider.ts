/**
 * What the emotion indicator and the strategy need from a market data source, in one shape whatever the
 * source: the limit pools of Eastmoney's 涨停板行情 topic, breadth, index quotes and
 * intraday snapshots. Prices are in yuan (Eastmoney's ×1000 integers are divided by the adapter), times
 * are Shanghai `HH:MM:SS`, percentages are percent (9.98 means +9.98 %).
 */

import type { MarketSourceName } from '@wanxiang/api-client/contract';

export type MarketSource = MarketSourceName;

export type Board = 'main' | 'chinext' | 'star' | 'beijing';

export interface PoolStock {
  code: string;
  name: string;
  board: Board;
  /** Last price, yuan. */
  price: number;
  /** Today's change, percent. */
  pctChange: number;
  /** Limit-up price, yuan, when the source gives it. */
  limitPrice?: number;
  /** Consecutive limit-up boards (Eastmoney `lbc`); 0 outside the limit-up pool. */
  boards: number;
  /** First seal (or first touch of the limit), `HH:MM:SS` (Eastmoney `fbt`). */
  firstSealTime?: string;
  /** Last seal, `HH:MM:SS` (Eastmoney `lbt`). */
  lastSealTime?: string;
  /** Times the board opened (Eastmoney `zbc`). */
  breakCount?: number;
  industry: string;
  /** "days天ct板" (Eastmoney `zttj`). */
  stat?: { days: number; boards: number };
}

export interface YesterdayLimitUpStock {
  code: string;
  name: string;
  board: Board;
  price: number;
  /** Today's change, percent. */
  pctChange: number;
  /** Consecutive boards as of yesterday's close (Eastmoney `ylbc`). */
  yesterdayBoards: number;
  industry: string;
}

export interface Breadth {
  advancers: number;
  decliners: number;
  unchanged: number;
}

export interface IndexQuote {
  code: string;
  name: string;
  last: number;
  pctChange: number;
}

/** The market at one moment of a trading day: the close, or the end of a 5-minute slot. */
export interface MarketSnapshot {
  tradeDate: string;
  /** `HH:MM` of the slot's end, or `15:00` for the close. */
  time: string;
  limitUp: PoolStock[];
  broken: PoolStock[];
  limitDown: PoolStock[];
  yesterdayLimitUp: YesterdayLimitUpStock[];
  breadth: Breadth;
  indices: IndexQuote[];
}

/** What a security is: its code, name, board and industry. */
export interface StockInfo {
  code: string;
  name: string;
  board: Board;
  industry: string;
}

/** One trading day of one security, unadjusted (the prices the limit rules apply to). */
export interface DailyBar {
  /** `YYYY-MM-DD`, a trading day. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  prevClose: number;
  /** Percent, close vs prevClose. */
  pctChange: number;
  /** Shares. */
  volume: number;
  /** Yuan. */
  amount: number;
}

/** One minute of one security's day: the last price of the minute, the day's average price so far. */
export interface MinuteBar {
  /** `HH:MM` Shanghai, the minute's end: 09:30 (the open), 09:31…11:30, 13:01…15:00. */
  time: string;
  price: number;
  avgPrice: number;
  /** Shares traded in the minute. */
  volume: number;
}

/** Daily bars one request may ask a source for (about three years of trading days). */
export const MAX_DAILY_BARS = 800;

export interface MarketProvider {
  readonly source: MarketSource;
  /** The security with this code, or undefined when the source does not know it. */
  stockInfo(code: string): Promise<StockInfo | undefined>;
  /** Its bars of the trading days from `from` to `to` (both included, `YYYY-MM-DD`), oldest first. */
  dailyBars(code: string, from: string, to: string): Promise<DailyBar[]>;
  /** Its minutes of one trading day (≈241: 09:30, 09:31…11:30, 13:01…15:00); none without data. */
  minuteBars(code: string, date: string): Promise<MinuteBar[]>;
  limitUpPool(date: string): Promise<PoolStock[]>;
  yesterdayLimitUpPool(date: string): Promise<YesterdayLimitUpStock[]>;
  brokenPool(date: string): Promise<PoolStock[]>;
  limitDownPool(date: string): Promise<PoolStock[]>;
  breadth(date: string): Promise<Breadth>;
  indexQuotes(date: string): Promise<IndexQuote[]>;
  /** The market at the end of each 5-minute slot of the day (48 on a full day; fewer while it runs). */
  intradaySnapshots(date: string): Promise<MarketSnapshot[]>;
}

/** The closing snapshot of a day, gathered from the pools. */
export async function closingSnapshot(provider: MarketProvider, date: string): Promise<MarketSnapshot> {
  const [limitUp, broken, limitDown, yesterdayLimitUp, breadth, indices] = await Promise.all([
    provider.limitUpPool(date),
    provider.brokenPool(date),
    provider.limitDownPool(date),
    provider.yesterdayLimitUpPool(date),
    provider.breadth(date),
    provider.indexQuotes(date),
  ]);
  return { tradeDate: date, time: '15:00', limitUp, broken, limitDown, yesterdayLimitUp, breadth, indices };
}

/** Limit rule of a board: 10 % main board, 20 % ChiNext and STAR, 30 % Beijing, 5 % ST. */
export function limitRatio(board: Board, st: boolean): number {
  if (board === 'beijing') return 0.3;
  if (board === 'chinext' || board === 'star') return 0.2;
  return st ? 0.05 : 0.1;
}

/** Limit price: prevClose × (1 ± ratio), rounded half up to the fen. */
export function limitPrice(prevClose: number, ratio: number, direction: 1 | -1): number {
  return Math.floor(prevClose * (1 + direction * ratio) * 100 + 0.5 + 1e-9) / 100;
}

export function boardOfCode(code: string): Board {
  if (/^(300|301)/.test(code)) return 'chinext';
  if (/^(688|689)/.test(code)) return 'star';
  if (/^(43|82|83|87|88|92)/.test(code)) return 'beijing';
  return 'main';
}

/** A market data source failed (after its retries); the request answers 503, the server keeps running. */
export class MarketSourceError extends Error {
  /** `no-data`: the source answered, with nothing for that date; `unavailable`: it did not answer well. */
  readonly kind: 'no-data' | 'unavailable';

  constructor(
    readonly source: MarketSource,
    message: string,
    options?: {
      cause?: unknown;
      kind?: 'no-data' | 'unavailable';
    },
  ) {
    super(`${source}: ${message}`, options);
    this.name = 'MarketSourceError';
    this.kind = options?.kind ?? 'unavailable';
  }
}
