import { max } from 'd3-array';
import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useElementWidth } from '../internal/useElementWidth';
import * as styles from './UsageChart.css';

export interface UsageDayInput {
  /** YYYY-MM-DD. */
  date: string;
  /** Credits spent that day, by model name. */
  byModel: Record<string, number>;
}

export interface UsageChartProps {
  /** One entry per day, oldest first; a day without use has an empty `byModel`. */
  days: readonly UsageDayInput[];
  /** The unit the values are in. @default 积分 */
  unit?: string;
  /** The chart's accessible name. @default 每日用量 */
  'aria-label'?: string;
  /** @default 200 */
  height?: number;
}

const MARGIN = { top: 8, right: 8, bottom: 22, left: 44 };

const shortDate = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
const longDate = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
const amount = (n: number) => n.toLocaleString('zh-CN');

/** The models in the order they are stacked: the most used at the bottom. */
export function usageModels(days: readonly UsageDayInput[]): string[] {
  const totals = new Map<string, number>();
  for (const day of days)
    for (const [model, value] of Object.entries(day.byModel))
      totals.set(model, (totals.get(model) ?? 0) + value);
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([model]) => model);
}

/** What the readout says of one day: its date, total and each model's part. */
export function usageReadout(day: UsageDayInput, models: readonly string[], unit: string): string {
  const parts = models.filter((model) => (day.byModel[model] ?? 0) !== 0);
  const total = parts.reduce((sum, model) => sum + (day.byModel[model] ?? 0), 0);
  if (parts.length === 0) return `${longDate(day.date)}：无用量`;
  return `${longDate(day.date)}：共 ${amount(total)} ${unit}（${parts
    .map((model) => `${model} ${amount(day.byModel[model] ?? 0)}`)
    .join('，')}）`;
}

/**
 * Credits spent per day, stacked by model. Follows its container's width; a day is picked by pointer or
 * by keyboard (←/→, Home, End) and read out below the plot, for screen readers too.
 */
export function UsageChart({
  days,
  unit = '积分',
  'aria-label': ariaLabel = '每日用量',
  height = 200,
}: UsageChartProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [focused, setFocused] = useState<number | null>(null);
  const readoutId = useId();
  const models = useMemo(() => usageModels(days), [days]);
  const series = useMemo(
    () =>
      stack<UsageDayInput, string>()
        .keys(models)
        .value((day, model) => Math.max(0, day.byModel[model] ?? 0))([...days]),
    [days, models],
  );
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>()
    .domain(days.map((day) => day.date))
    .range([0, innerWidth])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const top = max(series.at(-1) ?? [], (point) => point[1]) ?? 0;
  const y = scaleLinear()
    .domain([0, Math.max(1, top)])
    .nice(4)
    .range([innerHeight, 0]);
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(innerWidth / 44))));
  // Every labelEvery-th day and the last; a regular label too close to the last gives way to it.
  const last = days.length - 1;
  const labelled = (index: number) =>
    index === last || (index % labelEvery === 0 && last - index >= labelEvery);
  const shown = focused ?? (days.length > 0 ? days.length - 1 : null);
  const shownDay = shown === null ? undefined : days[shown];

  const onKeyDown = (event: KeyboardEvent) => {
    if (days.length === 0) return;
    const current = focused ?? days.length - 1;
    const next =
      event.key === 'ArrowLeft'
        ? Math.max(0, current - 1)
        : event.key === 'ArrowRight'
          ? Math.min(days.length - 1, current + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? days.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
  };

  if (days.length === 0 || models.length === 0) {
    return (
      <div className={styles.root} ref={ref}>
        <p className={styles.empty}>这段时间没有用量。</p>
      </div>
    );
  }
  const colourOf = (index: number) =>
    styles.modelColours[Math.min(index, styles.modelColours.length - 1)] as string;
  return (
    <div className={styles.root} ref={ref}>
      <div
        className={styles.plot}
        role="application"
        aria-label={ariaLabel}
        aria-describedby={readoutId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: role "application" is a keyboard widget; it must take focus.
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerLeave={() => setFocused(null)}
      >
        <svg width={width} height={height} aria-hidden="true">
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {y.ticks(4).map((tick) => (
              <g key={tick} transform={`translate(0,${y(tick)})`}>
                <line className={styles.grid} x2={innerWidth} />
                <text className={styles.axis} x={-6} dy="0.32em" textAnchor="end">
                  {amount(tick)}
                </text>
              </g>
            ))}
            {shown !== null && shownDay ? (
              <rect
                className={styles.focusBand}
                x={(x(shownDay.date) ?? 0) - (x.step() * x.paddingInner()) / 2}
                width={x.step()}
                height={innerHeight}
              />
            ) : null}
            {series.map((layer, index) => (
              <g key={layer.key} fill={colourOf(index)} data-model={layer.key}>
                {layer.map((point, dayIndex) => {
                  const day = days[dayIndex] as UsageDayInput;
                  const h = y(point[0]) - y(point[1]);
                  return h > 0 ? (
                    <rect
                      key={day.date}
                      x={x(day.date)}
                      y={y(point[1])}
                      width={x.bandwidth()}
                      height={h}
                      onPointerEnter={() => setFocused(dayIndex)}
                    />
                  ) : null;
                })}
              </g>
            ))}
            {days.map((day, index) =>
              labelled(index) ? (
                <text
                  key={day.date}
                  className={styles.axis}
                  x={(x(day.date) ?? 0) + x.bandwidth() / 2}
                  y={innerHeight + 15}
                  textAnchor="middle"
                >
                  {shortDate(day.date)}
                </text>
              ) : null,
            )}
            {/* The pointer picks the day under it, also between the bars. */}
            {days.map((day, index) => (
              <rect
                key={`hit-${day.date}`}
                x={(x(day.date) ?? 0) - (x.step() * x.paddingInner()) / 2}
                width={x.step()}
                height={innerHeight}
                fill="transparent"
                onPointerEnter={() => setFocused(index)}
              />
            ))}
          </g>
        </svg>
      </div>
      <p id={readoutId} className={styles.readout} aria-live="polite" data-testid="usage-readout">
        {shownDay ? usageReadout(shownDay, models, unit) : ''}
      </p>
      <ul className={styles.legend} aria-label="模型">
        {models.map((model, index) => (
          <li key={model}>
            <span className={styles.swatch} style={{ background: colourOf(index) }} aria-hidden />
            {model}
          </li>
        ))}
      </ul>
    </div>
  );
}
