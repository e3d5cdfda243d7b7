import { useCallback, useMemo } from 'react';
import { messages } from '../i18n/zh-CN';
import {
  type AxisMarker,
  type AxisTick,
  type ChartFrameProps,
  type ChartPoint,
  EmotionChart,
} from '../internal/EmotionChart/EmotionChart';
import { tryPrepare } from '../internal/tryPrepare';
import { formatLongDate, formatValue } from '../lib/format';
import { type MinuteEmotionInput, type MinuteSeries, slotMinuteSeries } from '../lib/minuteSeries';
import { tradingDayLength, tradingOffset, tradingTicks } from '../scales/tradingSession';
import * as styles from './MinuteEmotionChart.css';

export interface MinuteEmotionChartProps extends ChartFrameProps {
  /**
   * Observations of one trading day ("HH:MM" China time or ISO timestamps). Each lands on the 5-minute
   * slot it is within 150 s of; the rest (auction, lunch break) is left out.
   */
  data: readonly MinuteEmotionInput[];
  /** The trading day of the data, "YYYY-MM-DD"; read from ISO timestamps when not given. */
  date?: string;
  /** The visible heading. @default 分钟级情绪 */
  title?: string;
  /** The chart's accessible name. @default the title and the date */
  'aria-label'?: string;
}

const X_DOMAIN = [0, tradingDayLength] as const;
const MARKERS: readonly AxisMarker[] = [{ x: tradingOffset('13:00') ?? 120, className: styles.sessionBreak }];
/** Room one time label needs on the x axis ("10:30" plus a gap). */
const TIME_LABEL_PX = 44;

const EMPTY: MinuteSeries = { date: null, slots: [], points: [], unmatched: 0 };

/**
 * The market emotion of one trading day in 5-minute slots, with its 5- and 20-period moving averages, on
 * a time axis that joins the morning and afternoon sessions without the lunch break.
 */
export function MinuteEmotionChart({
  data,
  date,
  title = messages.minute.title,
  'aria-label': ariaLabel,
  ...frame
}: MinuteEmotionChartProps) {
  const [series, dataError] = useMemo(
    () => tryPrepare(() => slotMinuteSeries(data, date), EMPTY),
    [data, date],
  );
  const points = useMemo<ChartPoint[]>(
    () =>
      series.slots.map((s) => ({
        x: s.offset,
        value: s.value,
        ma5: s.ma5,
        ma20: s.ma20,
        heading: s.time,
        key: s.time,
      })),
    [series],
  );
  const lastTime = series.points.at(-1)?.time;
  const ticks = useCallback(
    (plotWidth: number): AxisTick[] => {
      const minutesPerLabel = TIME_LABEL_PX / (plotWidth / tradingDayLength);
      return tradingTicks(lastTime, minutesPerLabel).map((time) => ({
        x: tradingOffset(time) ?? 0,
        label: time,
        className: time === lastTime ? styles.lastTick : undefined,
      }));
    },
    [lastTime],
  );
  const day = series.date ?? (date && !dataError ? date : null);
  const dayText = day ? formatLongDate(day) : null;
  const summary = useMemo(() => {
    const first = series.points[0];
    const last = series.points.at(-1);
    if (!first || !last) return '';
    return messages.minute.summary({
      date: dayText,
      count: series.points.length,
      first: first.time,
      last: last.time,
      latest: formatValue(last.value),
    });
  }, [series, dayText]);

  return (
    <EmotionChart
      {...frame}
      title={title}
      subtitle={dayText ? messages.minute.dataDate(dayText) : undefined}
      ariaLabel={ariaLabel ?? (dayText ? `${title}（${dayText}）` : title)}
      texts={messages.minute}
      dataError={dataError}
      points={points}
      xDomain={X_DOMAIN}
      ticks={ticks}
      markers={MARKERS}
      summary={summary}
    />
  );
}
