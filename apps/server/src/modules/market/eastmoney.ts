/**
 * The Eastmoney adapter: the public push2ex "涨停板行情" pools behind AkShare's stock_zt_pool_* functions,
 * breadth from getTopicZDFenBu and index quotes from ulist.np. Opt-in
 * (`MARKET_DATA_SOURCE=eastmoney`); the fetch is injectable so tests feed recorded-shape fixtures.
 *
 * What the responses look like, and what is checked:
 * - envelope `{rc, data: {tc, qdate, pool: [...]}}`; `data: null` (or `pool: null`) means nothing for that
 *   date, read as an empty pool;
 * - `qdate` must be the date asked for (a non-trading, pre-open or too old date may answer another day's
 *   pool): another day's answer means no data for this one;
 * - `pool.length` must equal `tc` (a truncated page is refused, never half-counted);
 * - `p` and `ztp` are prices ×1000; `fbt`/`lbt` are HHMMSS integers without the leading zero (92500 is
 *   09:25:00, sealed in the call auction); `lbc` is the consecutive-board count, `zttj` `{days, ct}` the
 *   "days天ct板" statistic (not the streak).
 * A request that fails (network, HTTP status, malformed body) is retried with exponential backoff, then
 * reported as a MarketSourceError: the request answers 503, the server keeps running.
 *
 * History: the pools only serve recent dates (about two weeks for the limit-up pool), which is why every
 * day is archived once computed. Index quotes are live only, so they are given for today alone. Intraday
 * snapshots are approximated from the closing pools' seal times (a stock counts as limit-up from its
 * first seal, `fbt`); breadth and yesterday's returns are the closing ones.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import { formatMinute, SLOT_MINUTES, shanghaiClock } from './calendar';
import {
  type Breadth,
  boardOfCode,
  type DailyBar,
  type IndexQuote,
  MAX_DAILY_BARS,
  type MarketProvider,
  type MarketSnapshot,
  MarketSourceError,
  type MinuteBar,
  type PoolStock,
  type StockInfo,
  type YesterdayLimitUpStock,
} from './provider';

export const EASTMONEY_POOL_HOST = 'https://push2ex.eastmoney.com';
export const EASTMONEY_QUOTE_HOST = 'https://push2.eastmoney.com';
/** Per-stock history: daily klines and the recent days' minute trends. */
export const EASTMONEY_HISTORY_HOST = 'https://push2his.eastmoney.com';
/** The trends endpoint serves at most the last five trading days. */
const TREND_DAYS = 5;
const UT = '7eea3edcaed734bea9cbfc24409ed989';
const PAGE_SIZE = 10_000;

export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface EastmoneyOptions {
  fetch?: FetchLike;
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff; doubled at each retry. */
  backoffMs?: number;
  timeoutMs?: number;
  logger: Logger;
  /** How to wait between attempts; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

const num = z.coerce.number().refine(Number.isFinite);
const zttj = z.object({ days: num, ct: num }).nullish();

const baseRow = z.object({
  c: z.string().regex(/^\d{6}$/),
  m: num.optional(),
  n: z.string(),
  p: num,
  zdp: num,
  hybk: z.string().nullish(),
  zttj,
});
/** The fields every pool row has, as a pool stock. */
function stockOf(r: z.infer<typeof baseRow>) {
  return {
    code: r.c,
    name: r.n,
    board: boardOfCode(r.c),
    price: price(r.p),
    pctChange: r.zdp,
    industry: r.hybk ?? '',
  };
}

const ztRow = baseRow.extend({ lbc: num, fbt: num, lbt: num, zbc: num.optional() });
const yesterdayRow = baseRow.extend({ ylbc: num });
const zbRow = baseRow.extend({ ztp: num, fbt: num, zbc: num.optional() });
const dtRow = baseRow.extend({ lbt: num.optional(), days: num.optional() });

const envelope = z.object({
  rc: z.number().optional(),
  data: z
    .object({
      tc: num,
      qdate: num,
      pool: z.array(z.unknown()).nullish(),
    })
    .nullish(),
});

const fenbuEnvelope = z.object({
  data: z
    .object({
      qdate: num.optional(),
      fenbu: z.array(z.record(z.string(), num)),
    })
    .nullish(),
});

const quoteEnvelope = z.object({
  data: z
    .object({
      diff: z.array(z.object({ f2: num, f3: num, f12: z.string(), f14: z.string() })),
    })
    .nullish(),
});

const stockEnvelope = z.object({
  data: z.object({ f57: z.string(), f58: z.string(), f127: z.string().nullish() }).nullish(),
});

/** A kline row: `date,open,close,high,low,volume(lots),amount,amplitude,pct,change,turnover`. */
const klineEnvelope = z.object({
  data: z.object({ code: z.string(), klines: z.array(z.string()).nullish() }).nullish(),
});

/** A trends row: `YYYY-MM-DD HH:MM,open,price,high,low,volume(lots),amount,avgPrice`. */
const trendsEnvelope = z.object({
  data: z.object({ code: z.string(), trends: z.array(z.string()).nullish() }).nullish(),
});

/** Eastmoney's market id of an A-share code: 1 Shanghai (6xx, 9xx B shares aside), 0 Shenzhen and Beijing. */
export function secidOf(code: string): string {
  return `${/^6/.test(code) ? 1 : 0}.${code}`;
}

const A_SHARE_CODE = /^\d{6}$/;

/** 92500 → 09:25:00. */
export function clockOf(hhmmss: number): string {
  const s = String(Math.trunc(hhmmss)).padStart(6, '0');
  return `${s.slice(0, 2)}:${s.slice(2, 4)}:${s.slice(4, 6)}`;
}

const price = (thousandths: number) => Math.round(thousandths) / 1000;
const compactDate = (date: string) => date.replaceAll('-', '');

export class EastmoneyMarket implements MarketProvider {
  readonly source = 'eastmoney' as const;
  private readonly fetch: FetchLike;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;

  constructor(private readonly options: EastmoneyOptions) {
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? (() => new Date());
  }

  /** One GET with retries and backoff; the body parsed as JSON, or a MarketSourceError. */
  private async getJson(url: string, what: string): Promise<unknown> {
    const attempts = this.options.retries + 1;
    let last: unknown;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      if (attempt > 0) await this.sleep((this.options.backoffMs ?? 500) * 2 ** (attempt - 1));
      try {
        const response = await this.fetch(url, {
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
          headers: { referer: 'https://quote.eastmoney.com/' },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return await response.json();
      } catch (error) {
        last = error;
        this.options.logger.warn(
          { err: error, what, attempt: attempt + 1, attempts },
          'eastmoney request failed',
        );
      }
    }
    throw new MarketSourceError(this.source, `${what}: ${(last as Error)?.message ?? 'failed'}`, {
      cause: last,
    });
  }

  /** A pool's rows for `date`, after the envelope's checks; each row validated by `row`. */
  private async pool<T extends z.ZodType>(
    endpoint: string,
    sort: string,
    date: string,
    row: T,
  ): Promise<z.infer<T>[]> {
    const params = new URLSearchParams({
      ut: UT,
      dpt: 'wz.ztzt',
      Pageindex: '0',
      pagesize: String(PAGE_SIZE),
      sort,
      date: compactDate(date),
    });
    const body = await this.getJson(`${EASTMONEY_POOL_HOST}/${endpoint}?${params}`, endpoint);
    const parsed = envelope.safeParse(body);
    if (!parsed.success) throw new MarketSourceError(this.source, `${endpoint}: malformed envelope`);
    const data = parsed.data.data;
    if (!data?.pool) return [];
    if (String(data.qdate) !== compactDate(date))
      throw new MarketSourceError(this.source, `${endpoint}: answered ${data.qdate} for ${date}`, {
        kind: 'no-data',
      });
    if (data.pool.length !== data.tc)
      throw new MarketSourceError(this.source, `${endpoint}: ${data.pool.length} rows of ${data.tc}`);
    return data.pool.map((raw, i) => {
      const result = row.safeParse(raw);
      if (!result.success) throw new MarketSourceError(this.source, `${endpoint}: malformed row ${i}`);
      return result.data;
    });
  }

  async limitUpPool(date: string): Promise<PoolStock[]> {
    const rows = await this.pool('getTopicZTPool', 'fbt:asc', date, ztRow);
    return rows.map((r) => ({
      ...stockOf(r),
      limitPrice: price(r.p),
      boards: r.lbc,
      firstSealTime: clockOf(r.fbt),
      lastSealTime: clockOf(r.lbt),
      ...(r.zbc === undefined ? {} : { breakCount: r.zbc }),
      ...(r.zttj ? { stat: { days: r.zttj.days, boards: r.zttj.ct } } : {}),
    }));
  }

  async yesterdayLimitUpPool(date: string): Promise<YesterdayLimitUpStock[]> {
    const rows = await this.pool('getYesterdayZTPool', 'zs:desc', date, yesterdayRow);
    return rows.map((r) => ({
      ...stockOf(r),
      yesterdayBoards: r.ylbc,
    }));
  }

  async brokenPool(date: string): Promise<PoolStock[]> {
    const rows = await this.pool('getTopicZBPool', 'fbt:asc', date, zbRow);
    return rows.map((r) => ({
      ...stockOf(r),
      limitPrice: price(r.ztp),
      boards: 0,
      firstSealTime: clockOf(r.fbt),
      ...(r.zbc === undefined ? {} : { breakCount: r.zbc }),
    }));
  }

  async limitDownPool(date: string): Promise<PoolStock[]> {
    const rows = await this.pool('getTopicDTPool', 'fund:asc', date, dtRow);
    return rows.map((r) => ({
      ...stockOf(r),
      boards: 0,
      ...(r.lbt === undefined ? {} : { firstSealTime: clockOf(r.lbt), lastSealTime: clockOf(r.lbt) }),
    }));
  }

  async breadth(date: string): Promise<Breadth> {
    const params = new URLSearchParams({ ut: UT, dpt: 'wz.ztzt', date: compactDate(date) });
    const body = await this.getJson(`${EASTMONEY_POOL_HOST}/getTopicZDFenBu?${params}`, 'getTopicZDFenBu');
    const parsed = fenbuEnvelope.safeParse(body);
    if (!parsed.success) throw new MarketSourceError(this.source, 'getTopicZDFenBu: malformed');
    const breadth: Breadth = { advancers: 0, decliners: 0, unchanged: 0 };
    const data = parsed.data.data;
    if (!data) return breadth;
    if (data.qdate !== undefined && String(data.qdate) !== compactDate(date))
      throw new MarketSourceError(this.source, `getTopicZDFenBu: answered ${data.qdate} for ${date}`, {
        kind: 'no-data',
      });
    for (const bucket of data.fenbu) {
      for (const [key, count] of Object.entries(bucket)) {
        const pct = Number(key);
        if (pct > 0) breadth.advancers += count;
        else if (pct < 0) breadth.decliners += count;
        else breadth.unchanged += count;
      }
    }
    return breadth;
  }

  async indexQuotes(date: string): Promise<IndexQuote[]> {
    // Quotes are live only: a past day has none here.
    if (date !== shanghaiClock(this.now()).date) return [];
    const params = new URLSearchParams({
      fltt: '2',
      secids: '1.000001,0.399001,0.399006',
      fields: 'f2,f3,f12,f14',
    });
    const body = await this.getJson(`${EASTMONEY_QUOTE_HOST}/api/qt/ulist.np/get?${params}`, 'ulist.np');
    const parsed = quoteEnvelope.safeParse(body);
    if (!parsed.success) throw new MarketSourceError(this.source, 'ulist.np: malformed');
    return (parsed.data.data?.diff ?? []).map((q) => ({
      code: q.f12,
      name: q.f14,
      last: q.f2,
      pctChange: q.f3,
    }));
  }

  async stockInfo(code: string): Promise<StockInfo | undefined> {
    if (!A_SHARE_CODE.test(code)) return undefined;
    const params = new URLSearchParams({ ut: UT, secid: secidOf(code), fields: 'f57,f58,f127' });
    const body = await this.getJson(`${EASTMONEY_QUOTE_HOST}/api/qt/stock/get?${params}`, 'stock/get');
    const parsed = stockEnvelope.safeParse(body);
    if (!parsed.success) throw new MarketSourceError(this.source, 'stock/get: malformed');
    const data = parsed.data.data;
    if (!data || data.f57 !== code || data.f58 === '-' || data.f58 === '') return undefined;
    return { code, name: data.f58, board: boardOfCode(code), industry: data.f127 ?? '' };
  }

  async dailyBars(code: string, from: string, to: string): Promise<DailyBar[]> {
    if (!A_SHARE_CODE.test(code) || from > to) return [];
    const params = new URLSearchParams({
      ut: UT,
      secid: secidOf(code),
      fields1: 'f1,f2,f3',
      fields2: 'f51,f52,f53,f54,f55,f56,f57,f58,f59,f60,f61',
      klt: '101',
      // Unadjusted: the prices the day's limit rule applied to, as the pools give them.
      fqt: '0',
      beg: compactDate(from),
      end: compactDate(to),
      lmt: String(MAX_DAILY_BARS),
    });
    const body = await this.getJson(`${EASTMONEY_HISTORY_HOST}/api/qt/stock/kline/get?${params}`, 'kline');
    const parsed = klineEnvelope.safeParse(body);
    if (!parsed.success) throw new MarketSourceError(this.source, 'kline: malformed');
    const rows = parsed.data.data?.klines ?? [];
    return rows
      .map((row, i) => {
        const [date, ...rest] = row.split(',');
        const values = rest.map(Number);
        const [open, close, high, low, lots, amount, , pctChange, change] = values;
        if (
          !date ||
          !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
          values.length < 9 ||
          values.slice(0, 9).some((v) => !Number.isFinite(v))
        )
          throw new MarketSourceError(this.source, `kline: malformed row ${i}`);
        return {
          date,
          open: open as number,
          high: high as number,
          low: low as number,
          close: close as number,
          prevClose: Math.round(((close as number) - (change as number)) * 1000) / 1000,
          pctChange: pctChange as number,
          volume: (lots as number) * 100,
          amount: amount as number,
        };
      })
      .filter((bar) => bar.date >= from && bar.date <= to)
      .slice(-MAX_DAILY_BARS);
  }

  async minuteBars(code: string, date: string): Promise<MinuteBar[]> {
    if (!A_SHARE_CODE.test(code)) return [];
    const params = new URLSearchParams({
      ut: UT,
      secid: secidOf(code),
      fields1: 'f1,f2,f3,f4,f5,f6,f7,f8',
      fields2: 'f51,f52,f53,f54,f55,f56,f57,f58',
      iscr: '0',
      ndays: String(TREND_DAYS),
    });
    const body = await this.getJson(
      `${EASTMONEY_HISTORY_HOST}/api/qt/stock/trends2/get?${params}`,
      'trends2',
    );
    const parsed = trendsEnvelope.safeParse(body);
    if (!parsed.success) throw new MarketSourceError(this.source, 'trends2: malformed');
    const bars: MinuteBar[] = [];
    for (const [i, row] of (parsed.data.data?.trends ?? []).entries()) {
      const [stamp, ...rest] = row.split(',');
      const values = rest.map(Number);
      const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(stamp ?? '');
      if (!match || values.length < 7 || values.slice(0, 7).some((v) => !Number.isFinite(v)))
        throw new MarketSourceError(this.source, `trends2: malformed row ${i}`);
      if (match[1] !== date) continue;
      bars.push({
        time: match[2] as string,
        price: values[1] as number,
        avgPrice: values[6] as number,
        volume: (values[4] as number) * 100,
      });
    }
    return bars;
  }

  async intradaySnapshots(date: string): Promise<MarketSnapshot[]> {
    const [limitUp, broken, limitDown, yesterdayLimitUp, breadth, indices] = await Promise.all([
      this.limitUpPool(date),
      this.brokenPool(date),
      this.limitDownPool(date),
      this.yesterdayLimitUpPool(date),
      this.breadth(date),
      this.indexQuotes(date),
    ]);
    return SLOT_MINUTES.map((minute) => {
      const until = `${formatMinute(minute)}:00`;
      const reached = (stock: PoolStock) => (stock.firstSealTime ?? '') <= until;
      return {
        tradeDate: date,
        time: formatMinute(minute),
        limitUp: limitUp.filter(reached),
        broken: broken.filter(reached),
        limitDown: limitDown.filter(reached),
        yesterdayLimitUp,
        breadth,
        indices,
      };
    });
  }
}
