/**
 * One stock as the strategy board shows it, and each user's 自选股: the stock's quote, daily and minute bars
 * from the market provider (today cut at the current minute while the session runs, so a simulated day
 * never shows its close before it happens), the days it sealed the limit, the strategy reports that picked
 * it; the watchlist table (user_watchlist) and its limit. This file holds the module's watchlist queries.
 */
import {
  DEFAULT_STRATEGY_SLUG,
  decidePick,
  MAX_WATCHLIST_STOCKS,
  type PickDecisionCode,
  type StockDailyBar,
  type StockDetail,
  type StockLimitUpDay,
  type StockReportMention,
  strategyResultData,
  type WatchlistEntry,
} from '@wanxiang/api-client/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { strategyReports, userWatchlist } from '../../db/schema';
import { messages } from '../../i18n/zh-CN';
import { phaseDisplay } from '../strategy/phases';
import { formatMinute, shanghaiClock, tradingDaysBefore } from './calendar';
import { type DailyBar, limitPrice, limitRatio, type MinuteBar, type StockInfo } from './provider';
import type { MarketService } from './service';

const m = messages.stock;
/** Reports listed on a stock's page. */
const MAX_MENTIONS = 50;
/** Reports scanned for the watchlist's pick history (about four months of four runs a day). */
const PICK_HISTORY_REPORTS = 500;
/** Quotes asked of the source at once for the watchlist. */
const QUOTE_CONCURRENCY = 4;

/** An error the routes turn into a status with a Chinese detail. */
export class StockError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'StockError';
  }
}

export interface StockRange {
  start: string;
  end: string;
  /** The minute bars' day; default the last daily bar's. */
  minuteDate?: string;
  /**
   * At most this many daily bars, the latest: a default range asks for one day more than it shows, since
   * today's bar is not there before the session opens.
   */
  latest?: number;
}

interface Mention {
  reportId: string;
  tradeDate: string;
  phase: string;
  decision: PickDecisionCode;
  reason: string | null;
}

export class StockService {
  constructor(
    private readonly db: Db,
    private readonly market: MarketService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get provider() {
    return this.market.provider;
  }

  /** The code as stored: trimmed, upper case; a 400 when it cannot be a code at all. */
  normalize(raw: string): string {
    const code = raw.trim().toUpperCase();
    if (!/^[0-9A-Z]{6}$/.test(code))
      throw new StockError(400, m.malformedCode(raw.trim().slice(0, 32)), 'code');
    return code;
  }

  /** The stock, or a 404 naming the code (and, on the simulated market, what its codes look like). */
  async info(code: string): Promise<StockInfo> {
    const info = await this.provider.stockInfo(code);
    if (!info) throw new StockError(404, m.unknownCode(code, this.provider.source === 'simulated'));
    return info;
  }

  /**
   * Bars as they stand now: nothing after today; today's bar only once the session has opened, read off the
   * minutes that have ended while it runs.
   */
  private async live(code: string, bars: DailyBar[]): Promise<{ bars: DailyBar[]; partial: boolean }> {
    const clock = shanghaiClock(this.now());
    const past = bars.filter((bar) => bar.date < clock.date);
    const today = bars.find((bar) => bar.date === clock.date);
    if (!today || clock.minute < 9 * 60 + 30) return { bars: past, partial: false };
    if (clock.minute >= 15 * 60) return { bars: [...past, today], partial: false };
    const minutes = await this.minutesSoFar(code, clock.date);
    if (minutes.length === 0) return { bars: past, partial: false };
    const prices = minutes.map((minute) => minute.price);
    const volume = minutes.reduce((sum, minute) => sum + minute.volume, 0);
    const price = prices.at(-1) as number;
    return {
      bars: [
        ...past,
        {
          ...today,
          open: prices[0] as number,
          high: Math.max(...prices),
          low: Math.min(...prices),
          close: price,
          pctChange: Math.round(((price - today.prevClose) / today.prevClose) * 10_000) / 100,
          volume,
          amount:
            Math.round(minutes.reduce((sum, minute) => sum + minute.price * minute.volume, 0) * 100) / 100,
        },
      ],
      partial: true,
    };
  }

  /** A day's minutes; today's only up to the minute that has ended. */
  private async minutesSoFar(code: string, date: string): Promise<MinuteBar[]> {
    const clock = shanghaiClock(this.now());
    if (date > clock.date) return [];
    const minutes = await this.provider.minuteBars(code, date);
    if (date < clock.date) return minutes;
    const until = formatMinute(clock.minute);
    return minutes.filter((minute) => minute.time <= until);
  }

  /** The page of one stock. */
  async detail(code: string, range: StockRange, userId: string, seesToday: boolean): Promise<StockDetail> {
    const info = await this.info(code);
    const live = await this.live(code, await this.provider.dailyBars(code, range.start, range.end));
    const { partial } = live;
    const bars = range.latest === undefined ? live.bars : live.bars.slice(-range.latest);
    const last = bars.at(-1);
    const minuteDate = range.minuteDate ?? last?.date ?? null;
    const points = minuteDate ? await this.minutesSoFar(code, minuteDate) : [];
    const minuteBar =
      minuteDate === null
        ? undefined
        : (bars.find((bar) => bar.date === minuteDate) ??
          (await this.provider.dailyBars(code, minuteDate, minuteDate))[0]);
    const [limitUpDays, mentions, watched] = await Promise.all([
      this.limitUpDays(info, bars),
      this.mentions([code], seesToday, MAX_MENTIONS),
      this.db
        .select({ id: userWatchlist.id })
        .from(userWatchlist)
        .where(and(eq(userWatchlist.userId, userId), eq(userWatchlist.code, code))),
    ]);
    return {
      code,
      name: info.name,
      board: info.board,
      industry: info.industry,
      source: this.provider.source,
      quote: last
        ? {
            date: last.date,
            price: last.close,
            prev_close: last.prevClose,
            change: Math.round((last.close - last.prevClose) * 1000) / 1000,
            pct_change: last.pctChange,
            open: last.open,
            high: last.high,
            low: last.low,
            volume: last.volume,
            amount: last.amount,
            partial: partial && last.date === shanghaiClock(this.now()).date,
          }
        : null,
      daily: bars.map(wireBar),
      minute: {
        date: points.length > 0 ? minuteDate : (minuteDate ?? null),
        prev_close: minuteBar?.prevClose ?? null,
        points: points.map((p) => ({
          time: p.time,
          price: p.price,
          avg_price: p.avgPrice,
          volume: p.volume,
        })),
      },
      limit_up_days: limitUpDays,
      reports: (mentions.get(code) ?? []).map(
        (mention): StockReportMention => ({
          report_id: mention.reportId,
          trade_date: mention.tradeDate,
          run_phase: mention.phase,
          run_phase_display: phaseDisplay(mention.phase),
          decision: mention.decision,
          recommendation_reason: mention.reason,
        }),
      ),
      in_watchlist: watched.length > 0,
    };
  }

  /**
   * The days the stock closed on its limit-up price, newest first, with their board count: from the
   * source's limit-up pool when it has that day (the simulated market always; Eastmoney's recent days),
   * otherwise counted from the bars (consecutive limit closes).
   */
  private async limitUpDays(info: StockInfo, bars: DailyBar[]): Promise<StockLimitUpDay[]> {
    const ratio = limitRatio(info.board, /ST/i.test(info.name));
    const sealed = bars.map(
      (bar) => bar.close === limitPrice(bar.prevClose, ratio, 1) && bar.close > bar.prevClose,
    );
    const recent = new Set(tradingDaysBefore(this.market.today(), 10));
    const days: StockLimitUpDay[] = [];
    let streak = 0;
    for (const [i, bar] of bars.entries()) {
      streak = sealed[i] ? streak + 1 : 0;
      if (!sealed[i]) continue;
      let pooled: { boards: number; firstSealTime?: string } | undefined;
      if (this.provider.source === 'simulated' || recent.has(bar.date)) {
        const pool = await this.provider.limitUpPool(bar.date).catch(() => []);
        pooled = pool.find((stock) => stock.code === info.code);
      }
      days.push({
        date: bar.date,
        boards: pooled?.boards ?? streak,
        first_seal_time: pooled?.firstSealTime ?? null,
      });
    }
    return days.reverse();
  }

  /**
   * Reports of the default strategy that picked each code, newest first, with the pick's decision. Reports
   * of another market (a simulated report on an Eastmoney install, say) are left out; today's only for
   * those who see today's picks.
   */
  private async mentions(
    codes: string[],
    seesToday: boolean,
    limit: number,
  ): Promise<Map<string, Mention[]>> {
    const wanted = new Set(codes);
    const filter =
      codes.length === 1
        ? sql`${strategyReports.resultData} @> ${JSON.stringify({ actionable_watchlist: [{ symbol: codes[0] }] })}::jsonb`
        : undefined;
    const rows = await this.db
      .select({
        id: strategyReports.id,
        tradeDate: strategyReports.tradeDate,
        phase: strategyReports.phase,
        resultData: strategyReports.resultData,
      })
      .from(strategyReports)
      .where(and(eq(strategyReports.slug, DEFAULT_STRATEGY_SLUG), filter))
      .orderBy(desc(strategyReports.tradeDate), desc(strategyReports.createdAt))
      .limit(codes.length === 1 ? limit : PICK_HISTORY_REPORTS);
    const today = this.market.today();
    const found = new Map<string, Mention[]>();
    for (const row of rows) {
      if (!seesToday && row.tradeDate >= today) continue;
      const parsed = strategyResultData.safeParse(
        typeof row.resultData === 'string' ? safeJson(row.resultData) : row.resultData,
      );
      if (!parsed.success) continue;
      const data = parsed.data;
      if (data.data_source && data.data_source !== this.provider.source) continue;
      for (const stock of data.actionable_watchlist ?? []) {
        if (!wanted.has(stock.symbol)) continue;
        const list = found.get(stock.symbol) ?? [];
        if (list.length >= limit) continue;
        list.push({
          reportId: row.id,
          tradeDate: row.tradeDate,
          phase: row.phase,
          decision: decidePick(data.market_analysis?.emotion_stage, stock.trade_plan).decision,
          reason: stock.recommendation_reason?.trim() || null,
        });
        found.set(stock.symbol, list);
      }
    }
    return found;
  }

  /** The latest bar of each code (today's so far while the session runs), a few codes at a time. */
  private async quotes(codes: string[]): Promise<Map<string, WatchlistEntry['quote']>> {
    const today = this.market.today();
    const from = tradingDaysBefore(today, 10)[0] ?? today;
    const quotes = new Map<string, WatchlistEntry['quote']>();
    let next = 0;
    const worker = async () => {
      while (next < codes.length) {
        const code = codes[next++] as string;
        const { bars, partial } = await this.live(code, await this.provider.dailyBars(code, from, today));
        const last = bars.at(-1);
        quotes.set(
          code,
          last
            ? {
                date: last.date,
                price: last.close,
                pct_change: last.pctChange,
                partial: partial && last.date === today,
              }
            : null,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(QUOTE_CONCURRENCY, codes.length) }, worker));
    return quotes;
  }

  /** A user's 自选股, newest first, with each stock's name, latest change and pick history. */
  async watchlist(userId: string, seesToday: boolean): Promise<WatchlistEntry[]> {
    const rows = await this.db
      .select({ code: userWatchlist.code, addedAt: userWatchlist.addedAt })
      .from(userWatchlist)
      .where(eq(userWatchlist.userId, userId))
      .orderBy(desc(userWatchlist.addedAt), asc(userWatchlist.code));
    return this.entries(rows, seesToday);
  }

  private async entries(
    rows: { code: string; addedAt: Date }[],
    seesToday: boolean,
  ): Promise<WatchlistEntry[]> {
    const codes = rows.map((row) => row.code);
    const [infos, quotes, mentions] = await Promise.all([
      Promise.all(codes.map((code) => this.provider.stockInfo(code))),
      this.quotes(codes),
      codes.length > 0 ? this.mentions(codes, seesToday, PICK_HISTORY_REPORTS) : new Map<string, Mention[]>(),
    ]);
    return rows.map((row, i) => {
      const picks = mentions.get(row.code) ?? [];
      const last = picks[0];
      return {
        code: row.code,
        // A code the source no longer knows (a delisted stock, another market) keeps its place, unnamed.
        name: infos[i]?.name ?? row.code,
        added_at: row.addedAt.toISOString(),
        quote: quotes.get(row.code) ?? null,
        picks: {
          count: picks.length,
          last: last
            ? {
                trade_date: last.tradeDate,
                run_phase_display: phaseDisplay(last.phase),
                decision: last.decision,
              }
            : null,
        },
      };
    });
  }

  /** Adds a known code: 404 unknown, 409 already there or the list full. */
  async add(userId: string, code: string, seesToday: boolean): Promise<WatchlistEntry> {
    await this.info(code);
    const row = await this.db.transaction(async (tx) => {
      const [held] = await tx
        .select({ n: count() })
        .from(userWatchlist)
        .where(eq(userWatchlist.userId, userId));
      const [existing] = await tx
        .select({ id: userWatchlist.id })
        .from(userWatchlist)
        .where(and(eq(userWatchlist.userId, userId), eq(userWatchlist.code, code)));
      if (existing) throw new StockError(409, m.alreadyWatched(code));
      if ((held?.n ?? 0) >= MAX_WATCHLIST_STOCKS)
        throw new StockError(409, m.watchlistFull(MAX_WATCHLIST_STOCKS));
      const [inserted] = await tx
        .insert(userWatchlist)
        .values({ userId, code })
        .onConflictDoNothing()
        .returning({ code: userWatchlist.code, addedAt: userWatchlist.addedAt });
      if (!inserted) throw new StockError(409, m.alreadyWatched(code));
      return inserted;
    });
    return (await this.entries([row], seesToday))[0] as WatchlistEntry;
  }

  /** Removes a code: 404 when it is not in the list. */
  async remove(userId: string, code: string): Promise<void> {
    const removed = await this.db
      .delete(userWatchlist)
      .where(and(eq(userWatchlist.userId, userId), eq(userWatchlist.code, code)))
      .returning({ id: userWatchlist.id });
    if (removed.length === 0) throw new StockError(404, m.notWatched(code));
  }
}

function wireBar(bar: DailyBar): StockDailyBar {
  return {
    date: bar.date,
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    prev_close: bar.prevClose,
    pct_change: bar.pctChange,
    volume: bar.volume,
    amount: bar.amount,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
