import { useCallback, useMemo } from 'react';
import { messages } from '../i18n/zh-CN';
import {
  type AxisTick,
  type ChartFrameProps,
  type ChartPoint,
  EmotionChart,
} from '../internal/EmotionChart/EmotionChart';
import { tryPrepare } from '../internal/tryPrepare';
import {
  type DailyEmotionInput,
  type DailyEmotionPoint,
  dailyTicks,
  prepareDailySeries,
} from '../lib/dailySeries';
import { formatAxisDate, formatFullDate, formatLongDate, formatValue } from '../lib/format';

export interface DailyEmotionChartProps extends ChartFrameProps {
  /** One point per trading day, in any order; the 5- and 20-day averages are computed here. */
  data: readonly DailyEmotionInput[];
  /** The visible heading. @default 市场情绪指标（近 90 日） */
  title?: string;
  /** The chart's accessible name. @default the title */
  'aria-label'?: string;
}

/** Room one date label needs on the x axis ("11月20日" plus a gap). */
const DATE_LABEL_PX = 64;

/**
 * The daily market emotion (0–100) with its 5- and 20-day moving averages. Follows its container's
 * width; explorable by pointer, touch and keyboard (arrow keys, Home, End), with the focused day
 * announced to screen readers.
 */
export function DailyEmotionChart({
  data,
  title = messages.daily.title,
  'aria-label': ariaLabel,
  ...frame
}: DailyEmotionChartProps) {
  const [series, dataError] = useMemo(
    () => tryPrepare<DailyEmotionPoint[]>(() => prepareDailySeries(data), []),
    [data],
  );
  const points = useMemo<ChartPoint[]>(
    () =>
      series.map((d, i) => ({
        x: i,
        value: d.value,
        ma5: d.ma5,
        ma20: d.ma20,
        heading: formatLongDate(d.date),
        key: d.date,
      })),
    [series],
  );
  const xDomain = useMemo(() => [0, Math.max(0, series.length - 1)] as const, [series]);
  const ticks = useCallback(
    (plotWidth: number): AxisTick[] =>
      dailyTicks(series.length, plotWidth / DATE_LABEL_PX).map((i) => ({
        x: i,
        label: formatAxisDate((series[i] as DailyEmotionPoint).date),
      })),
    [series],
  );
  const summary = useMemo(() => dailySummary(series), [series]);

  return (
    <EmotionChart
      {...frame}
      title={title}
      ariaLabel={ariaLabel ?? title}
      texts={messages.daily}
      dataError={dataError}
      points={points}
      xDomain={xDomain}
      ticks={ticks}
      summary={summary}
    />
  );
}

function dailySummary(series: readonly DailyEmotionPoint[]): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return '';
  let max = first;
  let min = first;
  for (const d of series) {
    if (d.value > max.value) max = d;
    if (d.value < min.value) min = d;
  }
  return messages.daily.summary({
    count: series.length,
    first: formatFullDate(first.date),
    last: formatFullDate(last.date),
    latest: formatValue(last.value),
    max: `${formatValue(max.value)}（${formatAxisDate(max.date)}）`,
    min: `${formatValue(min.value)}（${formatAxisDate(min.date)}）`,
  });
}
