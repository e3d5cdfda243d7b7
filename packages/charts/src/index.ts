export { DailyEmotionChart, type DailyEmotionChartProps } from './DailyEmotionChart';
export type { ChartStatus } from './internal/EmotionChart/EmotionChart';
export {
  type DailyEmotionInput,
  type DailyEmotionPoint,
  dailyTicks,
  prepareDailySeries,
} from './lib/dailySeries';
export { EmotionDataError } from './lib/dataError';
export { formatValue } from './lib/format';
export {
  MATCH_TOLERANCE_SECONDS,
  type MinuteEmotionInput,
  type MinuteSeries,
  type MinuteSlot,
  matchSlot,
  parseMinuteTime,
  slotMinuteSeries,
} from './lib/minuteSeries';
export { movingAverage } from './lib/movingAverage';
export { MinuteEmotionChart, type MinuteEmotionChartProps } from './MinuteEmotionChart';
export * from './scales/tradingSession';
