/**
 * The embedded default market: a simulated A-share market that needs no network. Everything it answers is
 * marked `simulated` by the API (shown as 模拟行情); it is a stand-in so that every screen works on a
 * fresh machine and in tests, not a model of any real day.
 *
 * Determinism: the same date always gives the same data, across restarts and machines. The universe is
 * built from a fixed seed; the market is rolled forward one trading day at a time from the first day of
 * the trading calendar, each day drawing from a generator seeded by its date, so a day depends only on the
 * days before it. Rolled days are kept in memory (a few hundred small objects per day).
 *
 * What it models: ~4,000 fictional stocks (codes and names no exchange issues: see BOARD_COUNTS) on the four boards with their limit
 * rules (10 % main board, 20 % ChiNext and STAR, 30 % Beijing, 5 % main-board ST; limit price rounded
 * half up to the fen), themes with daily hot spots, consecutive-board ladders (yesterday's limit-up stocks
 * are promoted with a probability that grows with the mood and shrinks with the height), broken boards,
 * limit-down stocks, breadth and three indices. The mood of a day is a slow cycle (41 and 13 calendar-day
 * waves plus noise), so the archive holds days of every emotion stage: ice points, rebounds, climaxes and
 * risk releases. Like Eastmoney's topic, the pools leave ST stocks out; breadth counts them.
 *
 * Intraday: each limit-up stock has a first seal time, each broken board the minute it broke, each
 * limit-down stock the minute it hit the limit; breadth, indices and yesterday's limit-up stocks move from
 * their open to their close along a noisy path. A slot's snapshot is the market at the slot's end.
 */
import {
  addDays,
  FIRST_CALENDAR_DATE,
  formatMinute,
  inCalendar,
  isIsoDate,
  isTradingDay,
  LAST_CALENDAR_DATE,
  SLOT_MINUTES,
  tradingDaysBefore,
  tradingDaysBetween,
} from './calendar';
import {
  type Board,
  type Breadth,
  type DailyBar,
  type IndexQuote,
  limitPrice,
  limitRatio,
  MAX_DAILY_BARS,
  type MarketProvider,
  type MarketSnapshot,
  type MinuteBar,
  type PoolStock,
  type StockInfo,
  type YesterdayLimitUpStock,
} from './provider';

export const UNIVERSE_SIZE = 4000;
const WARM_UP_DAYS = 20;
const MAX_CACHED_DAYS = 400;
const SEED = 'wanxiang-simulated-market-v1';

const THEMES = [
  '人工智能',
  '机器人',
  '半导体',
  '低空经济',
  '固态电池',
  '创新药',
  '光伏',
  '军工',
  '消费电子',
  '算力',
  '稀土永磁',
  '汽车零部件',
  '医疗器械',
  '国企改革',
  '文化传媒',
  '数字经济',
] as const;

interface SimStock {
  code: string;
  /** The former numeric key the stock's prices are seeded from. */
  legacy: string;
  name: string;
  board: Board;
  st: boolean;
  industry: string;
  theme: number;
  beta: number;
  vol: number;
  startPrice: number;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for a simulation. */
class Generator {
  private state: number;
  constructor(seed: number) {
    this.state = seed | 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  /** A standard normal draw (Box–Muller). */
  gauss(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

const generator = (seed: number) => new Generator(seed);

const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The simulated securities' codes and names, chosen so that nobody can take one for a listed company: every
 * real A-share code is six digits (SSE 600/601/603/605/688/689, SZSE 000/001/002/003/300/301, BSE 4xx/8xx/920),
 * so a simulated code is the letter M (模拟) and a board letter — Z main board, C ChiNext, K STAR, B Beijing —
 * then four digits, e.g. `MZ0001`; its name is 模拟, the board and the same four digits (模拟主板0001), with
 * ST in front for an ST stock. `legacy` is the stock's former numeric key: the prices are still seeded from
 * it, so the simulated days did not change when the codes did.
 */
const BOARD_COUNTS: [Board, number, string, string, (i: number) => string][] = [
  ['main', 1500, 'MZ', '主板', (i) => String(600000 + i * 2)],
  ['main', 1300, 'MZ', '主板', (i) => String(1 + i * 2).padStart(6, '0')],
  ['chinext', 700, 'MC', '创业', (i) => String(300001 + i).padStart(6, '0')],
  ['star', 350, 'MK', '科创', (i) => String(688001 + i).padStart(6, '0')],
  ['beijing', 150, 'MB', '北证', (i) => String(920001 + i).padStart(6, '0')],
];

/** A simulated code: M, a board letter, four digits (see BOARD_COUNTS). */
export const SIMULATED_CODE = /^M[ZCKB]\d{4}$/;

function themeOf(u: number): { industry: string; theme: number } {
  const theme = Math.floor(u * THEMES.length);
  return { industry: THEMES[theme] as string, theme };
}

function buildUniverse(): SimStock[] {
  const rng = generator(hash(SEED));
  const stocks: SimStock[] = [];
  const serials = new Map<string, number>();
  for (const [board, count, prefix, boardName, legacy] of BOARD_COUNTS) {
    for (let i = 0; i < count; i += 1) {
      const serial = (serials.get(prefix) ?? 0) + 1;
      serials.set(prefix, serial);
      const digits = String(serial).padStart(4, '0');
      const name = `模拟${boardName}${digits}`;
      const st = board === 'main' && rng.next() < 0.04;
      stocks.push({
        code: `${prefix}${digits}`,
        legacy: legacy(i),
        name: st ? `ST${name}` : name,
        board,
        st,
        ...themeOf(rng.next()),
        beta: 0.6 + rng.next() * 0.8,
        vol: board === 'main' ? 1.8 : board === 'beijing' ? 3.5 : 2.6,
        startPrice: round2(3 + rng.next() ** 2 * 80),
      });
    }
  }
  return stocks;
}

/** Minute of the session (0…240) as a clock time `HH:MM:SS`. */
function sessionTime(sessionMinute: number, second: number): string {
  const m = Math.min(239, Math.max(0, Math.floor(sessionMinute)));
  const minute = m <= 120 ? 9 * 60 + 30 + m : 13 * 60 + (m - 120);
  return `${formatMinute(minute)}:${String(second).padStart(2, '0')}`;
}

function sessionMinuteOf(clockMinute: number): number {
  return clockMinute <= 11 * 60 + 30 ? clockMinute - (9 * 60 + 30) : 120 + clockMinute - 13 * 60;
}

interface SimBroken extends PoolStock {
  brokeAt: string;
}
interface SimYesterday extends YesterdayLimitUpStock {
  openPct: number;
  limitPct: number;
  sealedAt?: string;
  downAt?: string;
  lowerPct: number;
}
interface SimIndex extends IndexQuote {
  openPct: number;
}

interface SimDay {
  date: string;
  mood: number;
  limitUp: PoolStock[];
  broken: SimBroken[];
  limitDown: PoolStock[];
  yesterdayLimitUp: SimYesterday[];
  breadth: Breadth;
  openUpShare: number;
  indices: SimIndex[];
  noiseSeed: number;
  /** Every stock's previous close and close, by universe index: the daily and minute bars start here. */
  prevCloses: Float64Array;
  closes: Float64Array;
  /** How each stock's day went, from the pools; built on the first bar asked of the day. */
  events?: Map<string, DayEvent>;
}

/** A stock's limit events of a day, as minute indices (0 = 09:30 … 240 = 15:00). */
type DayEvent =
  | { kind: 'sealed'; at: number }
  | { kind: 'broken'; at: number; brokeAt: number }
  | { kind: 'limit-down'; at: number };

const INDICES = [
  { code: '000001', name: '上证指数', level: 3000, beta: 0.8 },
  { code: '399001', name: '深证成指', level: 9500, beta: 1 },
  { code: '399006', name: '创业板指', level: 1900, beta: 1.3 },
];

/** The mood of a day, 0…1: slow waves plus a little noise, a function of the date alone. */
export function moodOf(date: string): number {
  const k = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const noise = generator(hash(`mood:${date}`)).next() - 0.5;
  return clamp(
    0.5 +
      0.3 * Math.sin((2 * Math.PI * k) / 41) +
      0.14 * Math.sin((2 * Math.PI * k) / 13 + 1.3) +
      0.2 * noise,
    0.02,
    0.98,
  );
}

export class SimulatedMarket implements MarketProvider {
  readonly source = 'simulated' as const;
  private readonly universe = buildUniverse();
  private readonly days = new Map<string, SimDay>();
  private readonly index = new Map(this.universe.map((stock, i) => [stock.code, i]));
  private prevClose: Float64Array;
  private boards: Int32Array;
  private indexLevels = INDICES.map((index) => index.level);

  constructor() {
    this.prevClose = new Float64Array(this.universe.length);
    this.boards = new Int32Array(this.universe.length);
  }

  get universeSize(): number {
    return this.universe.length;
  }

  /** Every simulated security: code, name, board, ST, and its limit ratio. */
  securities(): { code: string; name: string; board: Board; st: boolean; limitRatio: number }[] {
    return this.universe.map(({ code, name, board, st }) => ({
      code,
      name,
      board,
      st,
      limitRatio: limitRatio(board, st),
    }));
  }

  private day(date: string): SimDay | undefined {
    if (date < FIRST_CALENDAR_DATE || date > LAST_CALENDAR_DATE || !isTradingDay(date)) return undefined;
    const known = this.days.get(date);
    if (known) return known;
    this.rollQuarter(date);
    return this.days.get(date);
  }

  /**
   * Rolls the quarter of `date` from a fresh state, warmed up over the 20 trading days before the quarter
   * so that its first days already have ladders. Quarters are rolled apart so that reaching a day costs a
   * quarter at most, not every day since 2024; the price is that the day before a quarter starts is seen
   * slightly differently as "yesterday" by the quarter's first day (documented in README.md).
   */
  private rollQuarter(date: string): void {
    const quarterStart = `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
    const quarterEnd = addDays(`${addDays(quarterStart, 92).slice(0, 8)}01`, -1);
    const warmUp = tradingDaysBefore(quarterStart, WARM_UP_DAYS);
    this.universe.forEach((stock, i) => {
      this.prevClose[i] = round2(
        stock.startPrice * (1 + 0.3 * Math.sin(hash(`${stock.legacy}:${quarterStart}`))),
      );
    });
    this.boards.fill(0);
    this.indexLevels = INDICES.map(
      (index) => index.level * (1 + 0.1 * Math.sin(hash(`${index.code}:${quarterStart}`))),
    );
    if (this.days.size > MAX_CACHED_DAYS) this.days.clear();
    for (const day of warmUp) this.roll(day, false);
    for (const day of tradingDaysBetween(quarterStart, quarterEnd)) this.roll(day, true);
  }

  private roll(date: string, keep: boolean): void {
    const rng = generator(hash(`${SEED}:${date}`));
    const mood = moodOf(date);
    const market = (mood - 0.5) * 3 + rng.gauss() * 0.5;
    const themeBoost = Float64Array.from(THEMES, () => rng.gauss() * 0.5);
    const hot = new Uint8Array(THEMES.length);
    for (let rank = 0; rank < 3; rank += 1) {
      const theme = Math.floor(rng.next() * THEMES.length);
      hot[theme] = 1;
      themeBoost[theme] = (themeBoost[theme] as number) + (3 - rank) * (0.5 + 1.5 * mood);
    }

    const limitUp: PoolStock[] = [];
    const broken: SimBroken[] = [];
    const limitDown: PoolStock[] = [];
    const yesterdayLimitUp: SimYesterday[] = [];
    const breadth: Breadth = { advancers: 0, decliners: 0, unchanged: 0 };
    const prevCloses = keep ? this.prevClose.slice() : new Float64Array(0);
    const nextBoards = new Int32Array(this.universe.length);
    const second = () => Math.floor(rng.next() * 60);

    for (let i = 0; i < this.universe.length; i += 1) {
      const stock = this.universe[i] as SimStock;
      const prev = this.prevClose[i] as number;
      const yesterdayBoards = this.boards[i] as number;
      const ratio = limitRatio(stock.board, stock.st);
      const upper = limitPrice(prev, ratio, 1);
      const lower = limitPrice(prev, ratio, -1);
      const upPct = ((upper - prev) / prev) * 100;
      const lowPct = ((lower - prev) / prev) * 100;
      const isHot = hot[stock.theme] === 1;

      let pct: number;
      let touched = false;
      if (yesterdayBoards > 0) {
        const promote = clamp(
          0.08 + 0.6 * mood - 0.04 * (yesterdayBoards - 1) + (isHot ? 0.1 : 0),
          0.03,
          0.85,
        );
        if (rng.next() < promote) touched = true;
        pct = (mood - 0.5) * 9 + rng.gauss() * 4;
      } else {
        const jump = 0.003 + 0.028 * mood + (isHot ? 0.05 * mood : 0);
        const drop = 0.0008 + 0.022 * (1 - mood) ** 2;
        const u = rng.next();
        if (u < jump) touched = true;
        pct = market * stock.beta + (themeBoost[stock.theme] as number) + rng.gauss() * stock.vol;
        if (u > 1 - drop) pct = lowPct;
      }
      if (pct >= upPct) touched = true;

      let close: number;
      let sealed = false;
      let brokeNear = false;
      if (touched) {
        sealed = rng.next() < 0.42 + 0.5 * mood;
        close = sealed ? upper : round2(prev * (1 + (upPct - 1 - rng.next() * 6) / 100));
      } else {
        brokeNear = pct > upPct - 2 && rng.next() < 0.35;
        close = clamp(round2(prev * (1 + pct / 100)), lower, upper);
      }
      const closePct = round2(((close - prev) / prev) * 100);
      if (close > prev) breadth.advancers += 1;
      else if (close < prev) breadth.decliners += 1;
      else breadth.unchanged += 1;
      if (sealed) nextBoards[i] = yesterdayBoards + 1;
      this.prevClose[i] = close;
      if (yesterdayBoards === 0 && (stock.st || !(sealed || touched || brokeNear || close === lower)))
        continue;

      const base = { code: stock.code, name: stock.name, board: stock.board, industry: stock.industry };
      if (yesterdayBoards > 0 && !stock.st) {
        yesterdayLimitUp.push({
          ...base,
          price: close,
          pctChange: closePct,
          yesterdayBoards,
          openPct: clamp(closePct * 0.4 + rng.gauss() * 2, lowPct, upPct),
          limitPct: round2(upPct),
          lowerPct: round2(lowPct),
        });
      }
      if (stock.st) continue;
      if (sealed) {
        const boards = yesterdayBoards + 1;
        const oneWord = boards >= 2 && rng.next() < 0.15 + 0.05 * boards;
        const first = oneWord ? '09:25:00' : sessionTime(240 * rng.next() ** 1.6, second());
        limitUp.push({
          ...base,
          price: close,
          pctChange: closePct,
          limitPrice: upper,
          boards,
          firstSealTime: first,
          lastSealTime: first,
          breakCount: oneWord ? 0 : rng.next() < 0.3 ? 1 + Math.floor(rng.next() * 3) : 0,
          stat: { days: boards, boards },
        });
      } else if (touched || brokeNear) {
        const firstMinute = 230 * rng.next() ** 1.4;
        const brokeMinute = firstMinute + 1 + (239 - firstMinute) * rng.next();
        broken.push({
          ...base,
          price: close,
          pctChange: closePct,
          limitPrice: upper,
          boards: 0,
          firstSealTime: sessionTime(firstMinute, second()),
          breakCount: 1 + Math.floor(rng.next() * 3),
          brokeAt: sessionTime(brokeMinute, second()),
        });
      } else if (close === lower) {
        const at = sessionTime(240 * rng.next() ** 1.2, second());
        limitDown.push({
          ...base,
          price: close,
          pctChange: closePct,
          boards: 0,
          lastSealTime: at,
          firstSealTime: at,
        });
      }
    }
    // Yesterday's limit-up stocks that sealed or hit the floor today do so at their pool time.
    const sealedAt = new Map(limitUp.map((s) => [s.code, s.firstSealTime]));
    const downAt = new Map(limitDown.map((s) => [s.code, s.firstSealTime]));
    for (const stock of yesterdayLimitUp) {
      const sealedTime = sealedAt.get(stock.code);
      const downTime = downAt.get(stock.code);
      if (sealedTime) stock.sealedAt = sealedTime;
      if (downTime) stock.downAt = downTime;
    }

    const total = breadth.advancers + breadth.decliners;
    const closeShare = total > 0 ? breadth.advancers / total : 0.5;
    const indices = INDICES.map((index, k) => {
      const pctChange = round2(clamp(market * index.beta * 0.6 + rng.gauss() * 0.4, -9, 9));
      const level = round2((this.indexLevels[k] as number) * (1 + pctChange / 100));
      this.indexLevels[k] = level;
      return {
        code: index.code,
        name: index.name,
        last: level,
        pctChange,
        openPct: round2(pctChange * 0.3 + rng.gauss() * 0.3),
      };
    });
    this.boards = nextBoards;
    if (!keep) return;
    this.days.set(date, {
      date,
      mood,
      limitUp,
      broken,
      limitDown,
      yesterdayLimitUp,
      breadth,
      openUpShare: clamp(closeShare + rng.gauss() * 0.12, 0.05, 0.95),
      indices,
      noiseSeed: rng.next() * 4_294_967_296,
      prevCloses,
      closes: this.prevClose.slice(),
    });
  }

  /** The day's mood (0…1) behind the data; for tests and documentation, not for the indicator. */
  mood(date: string): number | undefined {
    return this.day(date)?.mood;
  }

  async limitUpPool(date: string): Promise<PoolStock[]> {
    return (this.day(date)?.limitUp ?? []).map((s) => ({ ...s }));
  }

  async yesterdayLimitUpPool(date: string): Promise<YesterdayLimitUpStock[]> {
    return (this.day(date)?.yesterdayLimitUp ?? []).map(
      ({ openPct: _o, limitPct: _l, sealedAt: _s, downAt: _d, lowerPct: _w, ...stock }) => stock,
    );
  }

  async brokenPool(date: string): Promise<PoolStock[]> {
    return (this.day(date)?.broken ?? []).map(({ brokeAt: _b, ...stock }) => stock);
  }

  async limitDownPool(date: string): Promise<PoolStock[]> {
    return (this.day(date)?.limitDown ?? []).map((s) => ({ ...s }));
  }

  async breadth(date: string): Promise<Breadth> {
    const day = this.day(date);
    return day ? { ...day.breadth } : { advancers: 0, decliners: 0, unchanged: 0 };
  }

  async indexQuotes(date: string): Promise<IndexQuote[]> {
    return (this.day(date)?.indices ?? []).map(({ openPct: _o, ...quote }) => quote);
  }

  async stockInfo(code: string): Promise<StockInfo | undefined> {
    const i = this.index.get(code);
    if (i === undefined) return undefined;
    const { name, board, industry } = this.universe[i] as SimStock;
    return { code, name, board, industry };
  }

  async dailyBars(code: string, from: string, to: string): Promise<DailyBar[]> {
    const i = this.index.get(code);
    const first = from < FIRST_CALENDAR_DATE ? FIRST_CALENDAR_DATE : from;
    const last = to > LAST_CALENDAR_DATE ? LAST_CALENDAR_DATE : to;
    if (i === undefined || first > last) return [];
    const bars: DailyBar[] = [];
    for (const date of tradingDaysBetween(first, last).slice(-MAX_DAILY_BARS)) {
      const day = this.day(date);
      if (day) bars.push(dailyBarOf(stockDay(this.universe[i] as SimStock, i, day)));
    }
    return acrossQuarterSeams(bars);
  }

  async minuteBars(code: string, date: string): Promise<MinuteBar[]> {
    const i = this.index.get(code);
    if (i === undefined || !isIsoDate(date) || !inCalendar(date)) return [];
    const day = this.day(date);
    if (!day) return [];
    const path = stockDay(this.universe[i] as SimStock, i, day);
    let volume = 0;
    let amount = 0;
    return path.prices.map((price, k) => {
      volume += path.volumes[k] as number;
      amount += price * (path.volumes[k] as number);
      return {
        time: minuteLabel(k),
        price,
        avgPrice: Math.round((amount / volume) * 1000) / 1000,
        volume: path.volumes[k] as number,
      };
    });
  }

  async intradaySnapshots(date: string): Promise<MarketSnapshot[]> {
    const day = this.day(date);
    if (!day) return [];
    return SLOT_MINUTES.map((minute) => snapshotAt(day, minute));
  }
}

/** The market of a simulated day at the end of the slot ending at `clockMinute`. */
function snapshotAt(day: SimDay, clockMinute: number): MarketSnapshot {
  const time = formatMinute(clockMinute);
  const until = `${time}:00`;
  const progress = sessionMinuteOf(clockMinute) / 240;
  const rng = generator((day.noiseSeed + clockMinute) >>> 0);
  // A Brownian bridge's spread: nothing at the open's anchor and at the close.
  const wobble = () => rng.gauss() * Math.sqrt(progress * (1 - progress));

  const limitUp: PoolStock[] = day.limitUp.filter((s) => (s.firstSealTime ?? '') <= until);
  const broken: PoolStock[] = [];
  for (const { brokeAt, ...stock } of day.broken) {
    if (brokeAt <= until) broken.push(stock);
    else if ((stock.firstSealTime ?? '') <= until) limitUp.push({ ...stock, boards: 1 });
  }
  const limitDown = day.limitDown.filter((s) => (s.firstSealTime ?? '') <= until);
  const yesterdayLimitUp = day.yesterdayLimitUp.map(
    ({ openPct, limitPct, lowerPct, sealedAt, downAt, ...stock }): YesterdayLimitUpStock => {
      let pct: number;
      if (sealedAt && sealedAt <= until) pct = limitPct;
      else if (downAt && downAt <= until) pct = lowerPct;
      else pct = clamp(openPct + (stock.pctChange - openPct) * progress + wobble() * 2, lowerPct, limitPct);
      return { ...stock, pctChange: round2(pct) };
    },
  );
  const total = day.breadth.advancers + day.breadth.decliners;
  const closeShare = total > 0 ? day.breadth.advancers / total : 0.5;
  const share = clamp(
    day.openUpShare + (closeShare - day.openUpShare) * progress + wobble() * 0.08,
    0.02,
    0.98,
  );
  const advancers = Math.round(total * share);
  const indices = day.indices.map(({ openPct, ...quote }) => {
    const pctChange = round2(openPct + (quote.pctChange - openPct) * progress + wobble() * 0.3);
    return {
      ...quote,
      pctChange,
      last: round2((quote.last / (1 + quote.pctChange / 100)) * (1 + pctChange / 100)),
    };
  });
  return {
    tradeDate: day.date,
    time,
    limitUp,
    broken,
    limitDown,
    yesterdayLimitUp,
    breadth: { advancers, decliners: total - advancers, unchanged: day.breadth.unchanged },
    indices,
  };
}

/** Minutes of a day's path: 09:30 (the open), 09:31…11:30, 13:01…15:00, as Eastmoney's trends give them. */
export const MINUTES_PER_DAY = 241;

/** `HH:MM` of minute index k (0 = 09:30, 120 = 11:30, 121 = 13:01, 240 = 15:00). */
export function minuteLabel(k: number): string {
  return formatMinute(k <= 120 ? 9 * 60 + 30 + k : 13 * 60 + (k - 120));
}

/** The minute index at which a pool time (`HH:MM:SS`) falls: the minute that ends at or after it. */
function minuteIndexOf(time: string): number {
  const [h, m, sec] = time.split(':').map(Number) as [number, number, number];
  const clock = h * 60 + m + (sec > 0 ? 1 : 0);
  const k = clock <= 11 * 60 + 30 ? clock - (9 * 60 + 30) : clock <= 13 * 60 ? 120 : 120 + clock - 13 * 60;
  return Math.min(240, Math.max(0, k));
}

/** How each stock of the pools went that day (the pools hold no ST stock: those are drawn in stockDay). */
function eventsOf(day: SimDay): Map<string, DayEvent> {
  if (day.events) return day.events;
  const events = new Map<string, DayEvent>();
  for (const stock of day.limitUp)
    events.set(stock.code, { kind: 'sealed', at: minuteIndexOf(stock.firstSealTime ?? '09:30:00') });
  for (const stock of day.broken) {
    const at = minuteIndexOf(stock.firstSealTime ?? '09:30:00');
    events.set(stock.code, {
      kind: 'broken',
      at,
      brokeAt: Math.min(240, Math.max(at + 1, minuteIndexOf(stock.brokeAt))),
    });
  }
  for (const stock of day.limitDown)
    events.set(stock.code, { kind: 'limit-down', at: minuteIndexOf(stock.firstSealTime ?? '09:30:00') });
  day.events = events;
  return events;
}

interface StockDay {
  date: string;
  prevClose: number;
  /** The last price of each minute; the last one is the day's close. */
  prices: number[];
  /** Shares traded in each minute, whole lots of 100. */
  volumes: number[];
}

/**
 * One stock's simulated day, minute by minute, from its previous close and close as the day was rolled and
 * its limit events as the pools tell them: a stock that sealed climbs to its limit price at its seal
 * minute and stays there to the close (a one-word board opens on it); a broken board touches the limit at
 * its first seal, holds until it broke and falls to its close; a limit-down stock reaches its floor and
 * stays. Between those anchors the price wanders along Brownian bridges inside the day's limits. The daily
 * bar is read off this path, so the bar's high and low are touched by the minutes. Seeded by code and date.
 */
function stockDay(stock: SimStock, i: number, day: SimDay): StockDay {
  const prev = day.prevCloses[i] as number;
  const close = day.closes[i] as number;
  const ratio = limitRatio(stock.board, stock.st);
  const upper = limitPrice(prev, ratio, 1);
  const lower = limitPrice(prev, ratio, -1);
  const rng = generator(hash(`bars:${stock.code}:${day.date}`));
  let event = eventsOf(day).get(stock.code);
  // ST stocks are outside the pools; one that closed on a limit reached it at some minute of the day.
  if (!event && close === upper && close !== prev)
    event = { kind: 'sealed', at: Math.floor(240 * rng.next() ** 1.5) };
  else if (!event && close === lower && close !== prev)
    event = { kind: 'limit-down', at: Math.floor(240 * rng.next() ** 1.2) };

  const closePct = ((close - prev) / prev) * 100;
  const oneWord = event?.kind === 'sealed' && event.at === 0;
  const openPct = closePct * 0.35 + rng.gauss() * stock.vol * 0.4;
  const open = oneWord
    ? upper
    : clamp(round2(prev * (1 + openPct / 100)), round2(lower + 0.01), round2(upper - 0.01));
  // A minute's spread: the day's volatility spread over its 240 minutes.
  const sigma = (prev * stock.vol) / 100 / Math.sqrt(240);
  const prices = new Array<number>(MINUTES_PER_DAY);
  const inside = (lo: number, hi: number) => (x: number) => clamp(round2(x), lo, hi);
  const strictly = inside(round2(lower + 0.01), round2(upper - 0.01));
  const bridge = (a: number, va: number, b: number, vb: number, fit: (x: number) => number) => {
    prices[a] = va;
    if (b <= a) return;
    const walk = [0];
    for (let j = 1; j <= b - a; j += 1) walk.push((walk[j - 1] as number) + rng.gauss());
    const end = walk[b - a] as number;
    for (let j = 1; j < b - a; j += 1) {
      const t = j / (b - a);
      prices[a + j] = fit(va + (vb - va) * t + sigma * ((walk[j] as number) - t * end));
    }
    prices[b] = vb;
  };
  const hold = (a: number, b: number, value: number) => {
    for (let k = a; k <= b; k += 1) prices[k] = value;
  };
  if (event?.kind === 'sealed') {
    bridge(0, open, event.at, upper, strictly);
    hold(event.at, 240, upper);
  } else if (event?.kind === 'broken') {
    bridge(0, open, event.at, upper, strictly);
    hold(event.at, event.brokeAt, upper);
    bridge(event.brokeAt, upper, 240, close, strictly);
    prices[event.brokeAt] = upper;
  } else if (event?.kind === 'limit-down') {
    bridge(0, open, event.at, lower, strictly);
    hold(event.at, 240, lower);
  } else {
    bridge(0, open, 240, close, close === upper || close === lower ? inside(lower, upper) : strictly);
  }

  // Volume: a turnover that grows with the move (a one-word board barely trades), spread over a U-shaped
  // day, thinner while the price sits on a limit.
  const floatShares = 2e7 + (hash(`float:${stock.legacy}`) % 1000) * 1.5e6;
  const turnover =
    (0.004 + 0.02 * rng.next()) *
    (1 + Math.abs(closePct) / 4) *
    (oneWord ? 0.15 : 1) *
    (event?.kind === 'broken' ? 2 : 1);
  const weights = prices.map((price, k) => {
    const shape = 1 + 2.5 * Math.exp(-k / 12) + 1.2 * Math.exp(-(240 - k) / 15);
    const pinned = k > 0 && (price === upper || price === lower) ? 0.15 : 1;
    return shape * pinned * (0.6 + 0.8 * rng.next());
  });
  const total = weights.reduce((sum, w) => sum + w, 0);
  const lots = (floatShares * turnover) / 100;
  const volumes = weights.map((w) => Math.max(1, Math.round((lots * w) / total)) * 100);
  return { date: day.date, prevClose: prev, prices, volumes };
}

function dailyBarOf(path: StockDay): DailyBar {
  const { prices, volumes, prevClose } = path;
  const close = prices[prices.length - 1] as number;
  let amount = 0;
  let volume = 0;
  prices.forEach((price, k) => {
    amount += price * (volumes[k] as number);
    volume += volumes[k] as number;
  });
  return {
    date: path.date,
    open: prices[0] as number,
    high: Math.max(...prices),
    low: Math.min(...prices),
    close,
    prevClose,
    pctChange: round2(((close - prevClose) / prevClose) * 100),
    volume,
    amount: round2(amount),
  };
}

/**
 * The bars as one continuous series. Each quarter is rolled from its own warm-up (rollQuarter), so a
 * quarter's first day starts from a "yesterday" close that is not the last close of the quarter before: drawn
 * as they are, the daily K-line would jump there by up to a third. Like a chart's forward adjustment (前复权)
 * over an ex-rights day, the bars before such a seam are scaled by the ratio of the two closes, walking back
 * from the last bar asked for: the last bar and every bar after the last seam keep the market's own prices
 * (those the pools, the quote and the strategy see), each bar's close is the next bar's previous close, and
 * every day's own change is unchanged. Volume and amount are left as they were traded.
 */
export function acrossQuarterSeams(bars: readonly DailyBar[]): DailyBar[] {
  const adjusted = [...bars];
  let factor = 1;
  for (let k = bars.length - 1; k >= 0; k -= 1) {
    const bar = bars[k] as DailyBar;
    if (factor !== 1) {
      const scale = (x: number) => round2(x * factor);
      adjusted[k] = {
        ...bar,
        open: scale(bar.open),
        high: scale(bar.high),
        low: scale(bar.low),
        close: scale(bar.close),
        prevClose: scale(bar.prevClose),
      };
    }
    const before = bars[k - 1];
    if (before && Math.abs(before.close - bar.prevClose) >= 0.005) factor *= bar.prevClose / before.close;
  }
  return adjusted;
}

let shared: SimulatedMarket | undefined;

/**
 * One simulated market per process: its data are a pure function of the date, so every app of the process
 * (and every test) can share the days it has already rolled instead of rolling them again.
 */
export function sharedSimulatedMarket(): SimulatedMarket {
  shared ??= new SimulatedMarket();
  return shared;
}
