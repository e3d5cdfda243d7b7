/**
 * Deterministic emotion series for the stories: 90 days of weekdays up to 2026-11-25 and that day's 48
 * five-minute slots, each point with its sub-scores and inputs, as the server answers them.
 */
import type {
  DailyEmotionPoint,
  EmotionInputs,
  EmotionScores,
  MinuteEmotionPoint,
} from '@wanxiang/api-client';
import { FORMULA, rawInput, scoreOf } from './emotionFormula';

const round = (n: number) => Math.round(n * 100) / 100;

function average(values: readonly number[], end: number, span: number) {
  const window = values.slice(Math.max(0, end - span + 1), end + 1);
  return round(window.reduce((a, b) => a + b, 0) / window.length);
}

function breakdown(value: number, i: number): { scores: EmotionScores; inputs: EmotionInputs } {
  const wobble = (k: number) => round(Math.min(100, Math.max(0, value + 12 * Math.sin(i / 3 + k))));
  return {
    scores: {
      yesterday_limit_up_return: wobble(1),
      broken_rate: wobble(2),
      limit_up: wobble(3),
      max_board: wobble(4),
      promotion_rate: i % 11 === 0 ? null : wobble(5),
      limit_down: wobble(6),
      breadth: wobble(7),
    },
    inputs: {
      limit_up: 30 + (i % 40),
      limit_down: 3 + (i % 9),
      broken: 8 + (i % 12),
      broken_rate: round(0.18 + (i % 10) / 50),
      max_board: 3 + (i % 5),
      promotion_rate: i % 11 === 0 ? null : round(0.2 + (i % 7) / 40),
      yesterday_limit_up_return: round(2.4 * Math.sin(i / 4)),
      advancers: 2100 + ((i * 137) % 1500),
      decliners: 1800 + ((i * 91) % 1300),
    },
  };
}

function tradingDays(last: string, count: number): string[] {
  const days: string[] = [];
  const at = new Date(`${last}T00:00:00Z`);
  while (days.length < count) {
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.unshift(at.toISOString().slice(0, 10));
    at.setUTCDate(at.getUTCDate() - 1);
  }
  return days;
}

export const FIXTURE_DAY = '2026-11-25';
/** 2026-11-25 14:35:08 in Shanghai: the fixed clock of the stories. */
export const FIXTURE_NOW = Date.parse('2026-11-25T14:35:08+08:00');

const dates = tradingDays(FIXTURE_DAY, 64);
const dailyValues = dates.map((_, i) => round(52 + 18 * Math.sin(i / 6) + 7 * Math.cos(i / 2.3)));

export const dailyPoints: DailyEmotionPoint[] = dates.map((date, i) => ({
  date,
  value: dailyValues[i] as number,
  ma5: average(dailyValues, i, 5),
  ma20: average(dailyValues, i, 20),
  partial: false,
  ...breakdown(dailyValues[i] as number, i),
}));

function slotTimes(): string[] {
  const times: string[] = [];
  for (const [start, end] of [
    [9 * 60 + 35, 11 * 60 + 30],
    [13 * 60 + 5, 15 * 60],
  ] as const) {
    for (let m = start; m <= end; m += 5) {
      times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    }
  }
  return times;
}

/** The slots up to 14:35, as the board sees them in the middle of the afternoon session. */
const times = slotTimes().filter((t) => t <= '14:35');
const minuteValues = times.map((_, i) => round(48 + 14 * Math.sin(i / 5) + 4 * Math.cos(i)));

export const minutePoints: MinuteEmotionPoint[] = times.map((time, i) => ({
  timestamp: `${FIXTURE_DAY}T${time}:00+08:00`,
  value: minuteValues[i] as number,
  ma5: average(minuteValues, i, 5),
  ma20: average(minuteValues, i, 20),
  ...breakdown(minuteValues[i] as number, i),
}));

/**
 * One day whose sub-scores and value follow from its inputs by the formula, for the stories that explain the
 * numbers: 2 boards high (连板高度 0.00) and no promotion rate (晋级率 missing, its weight shared).
 */
export const explainedDay: DailyEmotionPoint = (() => {
  const inputs: EmotionInputs = {
    limit_up: 46,
    limit_down: 12,
    broken: 18,
    broken_rate: round(18 / 64),
    max_board: 2,
    promotion_rate: null,
    yesterday_limit_up_return: 1.35,
    advancers: 2860,
    decliners: 2140,
  };
  const scores = Object.fromEntries(
    FORMULA.map((c) => {
      const raw = rawInput(c.key, inputs);
      return [c.key, raw === null ? null : round(scoreOf(c, raw))];
    }),
  ) as EmotionScores;
  const counted = FORMULA.filter((c) => scores[c.key] !== null);
  const value = round(
    counted.reduce((sum, c) => sum + c.weight * (scores[c.key] as number), 0) /
      counted.reduce((sum, c) => sum + c.weight, 0),
  );
  return { date: FIXTURE_DAY, value, ma5: 44.8, ma20: 51.2, partial: false, scores, inputs };
})();

/** The trading day before explainedDay. */
export const explainedPrevious: DailyEmotionPoint = { ...explainedDay, date: '2026-11-24', value: 41.06 };
