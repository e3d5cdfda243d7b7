/**
 * The wire contract of one stock's page and of the 自选股 watchlist: the stock's quote, daily and minute
 * bars, the days it sealed the limit and the strategy reports that picked it; and each user's list of
 * followed stocks. Every answer carries `source` (`simulated`: show 模拟行情).
 */
import { z } from 'zod';
import { MARKET_SOURCES } from './market';
import { PICK_DECISIONS } from './trackRecord';

export const stockPaths = {
  detail: (code: string) => `/v1/market/stocks/${encodeURIComponent(code)}/`,
  watchlist: '/v1/market/watchlist/',
  watchlistItem: (code: string) => `/v1/market/watchlist/${encodeURIComponent(code)}/`,
} as const;

/** What a stock code looks like to the server: six letters or digits (600000, or MZ0001 when simulated). */
export const STOCK_CODE_PATTERN = /^[0-9A-Za-z]{6}$/;
/** Trading days of daily bars the page gets unless it asks otherwise. */
export const DEFAULT_STOCK_BARS = 120;
/** The longest range of daily bars one request answers, in calendar days. */
export const MAX_STOCK_RANGE_DAYS = 800;
/** Stocks one user's 自选股 may hold. */
export const MAX_WATCHLIST_STOCKS = 200;

const source = z.enum(MARKET_SOURCES).or(z.string());

export const stockDailyBar = z.object({
  date: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  prev_close: z.number(),
  /** Percent vs prev_close. */
  pct_change: z.number(),
  /** Shares. */
  volume: z.number(),
  /** Yuan. */
  amount: z.number(),
});
export type StockDailyBar = z.infer<typeof stockDailyBar>;

export const stockMinuteBar = z.object({
  /** `HH:MM`, Shanghai: 09:30, 09:31…11:30, 13:01…15:00. */
  time: z.string(),
  price: z.number(),
  avg_price: z.number(),
  volume: z.number(),
});
export type StockMinuteBar = z.infer<typeof stockMinuteBar>;

/** The latest trading day's price; `partial` while today's session runs (the price so far). */
export const stockQuote = z.object({
  date: z.string(),
  price: z.number(),
  prev_close: z.number(),
  change: z.number(),
  pct_change: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  volume: z.number(),
  amount: z.number(),
  partial: z.boolean(),
});
export type StockQuote = z.infer<typeof stockQuote>;

/** A day the stock closed sealed at its limit-up price, and its consecutive board count that day. */
export const stockLimitUpDay = z.object({
  date: z.string(),
  boards: z.number().int().positive(),
  /** First seal `HH:MM:SS`, when the source's pool gives it. */
  first_seal_time: z.string().nullable(),
});
export type StockLimitUpDay = z.infer<typeof stockLimitUpDay>;

/** A strategy report that picked the stock, with the decision the board shows for the pick. */
export const stockReportMention = z.object({
  report_id: z.string(),
  trade_date: z.string(),
  run_phase: z.string(),
  run_phase_display: z.string(),
  decision: z.enum(PICK_DECISIONS),
  recommendation_reason: z.string().nullable(),
});
export type StockReportMention = z.infer<typeof stockReportMention>;

export const stockDetailQuery = z.object({
  /** `YYYY-MM-DD`; default 120 trading days before end_date. */
  start_date: z.string().max(32).optional(),
  /** `YYYY-MM-DD`; default today (Asia/Shanghai). */
  end_date: z.string().max(32).optional(),
  /** The day of the minute bars, `YYYY-MM-DD`; default the last daily bar's day. */
  trade_date: z.string().max(32).optional(),
});

export const stockCodeParams = z.object({ code: z.string().max(32) });

export const stockDetail = z.object({
  code: z.string(),
  name: z.string(),
  /** main | chinext | star | beijing */
  board: z.string(),
  industry: z.string(),
  source,
  quote: stockQuote.nullable(),
  /** Oldest first. */
  daily: z.array(stockDailyBar),
  minute: z.object({
    /** Null when there is no trading day to show. */
    date: z.string().nullable(),
    prev_close: z.number().nullable(),
    points: z.array(stockMinuteBar),
  }),
  /** The limit-up days inside the daily range, newest first. */
  limit_up_days: z.array(stockLimitUpDay),
  /** Reports that picked it, newest first (at most 50). */
  reports: z.array(stockReportMention),
  in_watchlist: z.boolean(),
});
export type StockDetail = z.infer<typeof stockDetail>;

export const watchlistAddRequest = z.object({ code: z.string().max(32) });

export const watchlistEntry = z.object({
  code: z.string(),
  name: z.string(),
  added_at: z.string(),
  /** The latest trading day's price and change; null when the source has no bar for it. */
  quote: z
    .object({ date: z.string(), price: z.number(), pct_change: z.number(), partial: z.boolean() })
    .nullable(),
  /** How many strategy reports picked it, and the last of them. */
  picks: z.object({
    count: z.number().int().nonnegative(),
    last: z
      .object({ trade_date: z.string(), run_phase_display: z.string(), decision: z.enum(PICK_DECISIONS) })
      .nullable(),
  }),
});
export type WatchlistEntry = z.infer<typeof watchlistEntry>;

export const watchlistAnswer = z.object({
  data: z.array(watchlistEntry),
  limit: z.number().int(),
  source,
});
export type WatchlistAnswer = z.infer<typeof watchlistAnswer>;
