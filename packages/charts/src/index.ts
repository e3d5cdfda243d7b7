export { DailyEmotionChart, type DailyEmotionChartProps } from './DailyEmotionChart';
export { IntradayChart, type IntradayChartProps } from './IntradayChart';
export type { ChartStatus } from './internal/EmotionChart/EmotionChart';
export { KLineChart, type KLineChartProps } from './KLineChart';
export {
  type DailyEmotionInput,
  type DailyEmotionPoint,
  dailyTicks,
  prepareDailySeries,
} from './lib/dailySeries';
export { EmotionDataError } from './lib/dataError';
export { formatValue } from './lib/format';
export {
  type Direction,
  type IntradayInput,
  type IntradayPoint,
  prepareIntraday,
} from './lib/intradaySeries';
export {
  type KLineInput,
  type KLineMarker,
  type KLinePoint,
  klineWindow,
  MA_PERIODS,
  type MaKey,
  prepareKLine,
} from './lib/klineSeries';
export { MarketDataError } from './lib/marketDataError';
export { formatPercent, formatPrice, formatVolume, percentChange } from './lib/marketFormat';
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
export {
  type IntradayTick,
  intradayMinutes,
  intradayOffset,
  intradayTicks,
  offsetLabel,
  SESSION_JOIN_LABEL,
  symmetricPriceDomain,
} from './scales/intradayAxis';
export * from './scales/tradingSession';
export {
  UsageChart,
  type UsageChartProps,
  type UsageDayInput,
  usageModels,
  usageReadout,
} from './UsageChart';
