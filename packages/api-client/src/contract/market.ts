/**
 * The wire contract of the market emotion indicator: the daily and the minute emotion points. Both
 * answers have a `{ data: [...] }` shape and carry `source` beside `data`:
 * `simulated` means the server's embedded simulated market (show 模拟行情), `eastmoney` the public
 * Eastmoney pools. Each point also carries the sub-scores and raw inputs behind its value, so a page can
 * explain a number.
 */
import { z } from 'zod';

export const marketPaths = {
  dailySeries: '/v1/market/daily-series/',
  minuteSeries: '/v1/market/minute-series/',
} as const;

/** Where the market data behind a series came from. */
export const MARKET_SOURCES = ['simulated', 'eastmoney'] as const;
export type MarketSourceName = (typeof MARKET_SOURCES)[number];

/** Longest daily range the server answers, in calendar days. */
export const MAX_EMOTION_RANGE_DAYS = 366;

const score = z.number().min(0).max(100).nullable();

/** Each component scored 0–100 (null when its input was missing and the others shared its weight). */
export const emotionScores = z.object({
  yesterday_limit_up_return: score.describe('昨日涨停今日表现'),
  broken_rate: score.describe('炸板率'),
  limit_up: score.describe('涨停家数'),
  max_board: score.describe('连板高度'),
  promotion_rate: score.describe('晋级率'),
  limit_down: score.describe('跌停家数'),
  breadth: score.describe('红盘率（上涨家数占比）'),
});
export type EmotionScores = z.infer<typeof emotionScores>;

/** The counts and rates the sub-scores come from. Rates are 0–1, returns in percent. */
export const emotionInputs = z.object({
  limit_up: z.number().int().nonnegative(),
  limit_down: z.number().int().nonnegative(),
  broken: z.number().int().nonnegative(),
  broken_rate: z.number().nullable(),
  max_board: z.number().int().nonnegative(),
  promotion_rate: z.number().nullable(),
  yesterday_limit_up_return: z.number().nullable(),
  advancers: z.number().int().nonnegative(),
  decliners: z.number().int().nonnegative(),
});
export type EmotionInputs = z.infer<typeof emotionInputs>;

export const dailyEmotionPoint = z.object({
  /** The trading day, `YYYY-MM-DD` (Asia/Shanghai). */
  date: z.string(),
  value: z.number(),
  /** Simple moving averages over trading days. */
  ma5: z.number(),
  ma20: z.number(),
  /** True for today while the market is open: the value is that of the latest 5-minute slot. */
  partial: z.boolean().default(false),
  scores: emotionScores.optional(),
  inputs: emotionInputs.optional(),
});
export type DailyEmotionPoint = z.infer<typeof dailyEmotionPoint>;

export const minuteEmotionPoint = z.object({
  /** The end of the 5-minute slot, ISO 8601 in Shanghai time, e.g. `2026-11-25T09:35:00+08:00`. */
  timestamp: z.string(),
  value: z.number(),
  /** Moving averages over the day's slots (the first slots average the slots so far). */
  ma5: z.number(),
  ma20: z.number(),
  scores: emotionScores.optional(),
  inputs: emotionInputs.optional(),
});
export type MinuteEmotionPoint = z.infer<typeof minuteEmotionPoint>;

export const dailySeriesQuery = z.object({
  /** `YYYY-MM-DD`; defaults to 90 days before end_date. */
  start_date: z.string().optional(),
  /** `YYYY-MM-DD`; defaults to today (Asia/Shanghai). */
  end_date: z.string().optional(),
});

export const minuteSeriesQuery = z.object({
  /** `YYYY-MM-DD`; defaults to today (Asia/Shanghai). */
  trade_date: z.string().optional(),
});

export const dailySeriesAnswer = z.object({
  data: z.array(dailyEmotionPoint),
  source: z.enum(MARKET_SOURCES).or(z.string()),
});
export type DailySeriesAnswer = z.infer<typeof dailySeriesAnswer>;

export const minuteSeriesAnswer = z.object({
  data: z.array(minuteEmotionPoint),
  source: z.enum(MARKET_SOURCES).or(z.string()),
});
export type MinuteSeriesAnswer = z.infer<typeof minuteSeriesAnswer>;
