/**
 * The wire contract of the limit-up views of the market page: 连板天梯 (the stocks of a trading day by
 * consecutive limit-up boards, against the day before) and 题材 (the day's limit-up stocks grouped by theme,
 * with their leaders). Both answer for one day, name the trading days before and after it (the page's
 * ‹ earlier › later switch), and say whether the day traded at all (`status`).
 */
import { z } from 'zod';
import { MARKET_SOURCES } from './market';

export const ladderPaths = {
  ladder: '/v1/market/ladder/',
  themes: '/v1/market/themes/',
} as const;

export const ladderQuery = z.object({
  /** `YYYY-MM-DD` (Asia/Shanghai); defaults to the latest trading day with data (today once it opens). */
  date: z.string().max(32).optional(),
});

/**
 * What the day is: `closed` 休市 (a weekend or holiday: no pools), `before_open` a trading day whose
 * session has not started (no pools yet), `trading` today while the session runs (the pools so far),
 * `complete` a trading day whose session has ended.
 */
export const MARKET_DAY_STATUSES = ['closed', 'before_open', 'trading', 'complete'] as const;
export type MarketDayStatus = (typeof MARKET_DAY_STATUSES)[number];

const dayFields = {
  /** The day asked for, `YYYY-MM-DD`. */
  date: z.string(),
  status: z.enum(MARKET_DAY_STATUSES),
  /** The trading day before `date`: the "yesterday" the day is compared with. Null at the calendar's start. */
  previous_trading_day: z.string().nullable(),
  /** The trading day after `date`, null when it is still to come (or past the calendar). */
  next_trading_day: z.string().nullable(),
  /** The time of the data while the session runs (`HH:MM`, the last 5-minute slot ended), else null. */
  as_of: z.string().nullable(),
  source: z.enum(MARKET_SOURCES).or(z.string()),
};

/** A stock of the day's limit-up pool. */
export const ladderStock = z.object({
  code: z.string(),
  name: z.string(),
  /** Consecutive limit-up boards, counting today. */
  boards: z.number().int().positive(),
  /** First seal of the day, `HH:MM:SS` Shanghai; null when the source does not give it. */
  first_seal_time: z.string().nullable(),
  /** Times the board opened during the day; null when the source does not give it. */
  break_count: z.number().int().nonnegative().nullable(),
  /** The industry board the source reports for the stock (Eastmoney `hybk`). */
  industry: z.string(),
  price: z.number(),
  pct_change: z.number(),
});
export type LadderStock = z.infer<typeof ladderStock>;

/** A stock on yesterday's rung that did not seal again today. */
export const ladderFailedStock = z.object({
  code: z.string(),
  name: z.string(),
  /** Its consecutive boards as of yesterday. */
  yesterday_boards: z.number().int().positive(),
  /** Today's change, percent. */
  pct_change: z.number(),
  /** True when it touched the limit today and the board opened (炸板), false when it never sealed. */
  broken: z.boolean(),
  industry: z.string(),
});
export type LadderFailedStock = z.infer<typeof ladderFailedStock>;

/** One rung: the stocks on their `boards`-th consecutive board today, and yesterday's rung below it. */
export const ladderRung = z.object({
  boards: z.number().int().positive(),
  /** Today's stocks on this rung, earliest seal first. */
  stocks: z.array(ladderStock),
  /** Yesterday's stocks on `boards − 1` boards, that could step up to this rung; null for the first board. */
  candidates: z.number().int().nonnegative().nullable(),
  /** Of the candidates, those that sealed again today (晋级). */
  promoted: z.number().int().nonnegative().nullable(),
  /** promoted ÷ candidates, 0–1 (晋级率); null without candidates. */
  promotion_rate: z.number().min(0).max(1).nullable(),
  /** The candidates that did not seal again, best change first. */
  failed: z.array(ladderFailedStock),
});
export type LadderRung = z.infer<typeof ladderRung>;

export const ladderAnswer = z.object({
  ...dayFields,
  limit_up_count: z.number().int().nonnegative(),
  yesterday_limit_up_count: z.number().int().nonnegative(),
  /** The highest rung today (空间板), 0 without limit-up stocks. */
  max_board: z.number().int().nonnegative(),
  /** Yesterday's limit-up stocks that sealed again today ÷ yesterday's count (连板晋级率); null without any. */
  promotion_rate: z.number().min(0).max(1).nullable(),
  /** Highest rung first. */
  rungs: z.array(ladderRung),
});
export type LadderAnswer = z.infer<typeof ladderAnswer>;

/** A theme: the industry board the source reports, with the day's limit-up stocks in it. */
export const limitUpTheme = z.object({
  name: z.string(),
  count: z.number().int().nonnegative(),
  yesterday_count: z.number().int().nonnegative(),
  max_board: z.number().int().nonnegative(),
  /** The highest-board stock, the earliest sealed among equals; null when nothing in it sealed today. */
  leader: ladderStock.nullable(),
  /** The theme's limit-up stocks, leader first (highest board, then earliest seal). */
  stocks: z.array(ladderStock),
});
export type LimitUpTheme = z.infer<typeof limitUpTheme>;

export const themesAnswer = z.object({
  ...dayFields,
  limit_up_count: z.number().int().nonnegative(),
  /** Most limit-up stocks first; themes with limit-up stocks yesterday and none today come last. */
  themes: z.array(limitUpTheme),
});
export type ThemesAnswer = z.infer<typeof themesAnswer>;
