import { Alert, Spinner } from '@wanxiang/ui';
import { bisectCenter } from 'd3-array';
import { type ScaleLinear, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import {
  type KeyboardEvent,
  memo,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { messages } from '../../i18n/zh-CN';
import { formatValue } from '../../lib/format';
import { useElementWidth } from '../useElementWidth';
import * as styles from './EmotionChart.css';

/** What the data behind a chart is doing: still loading, failed (with a message for the user), or there. */
export type ChartStatus = 'ready' | 'loading' | { readonly error: string };

/** One x position of a chart: the value and its two averages, any of which may be missing. */
export interface ChartPoint {
  readonly x: number;
  readonly value: number | null;
  readonly ma5: number | null;
  readonly ma20: number | null;
  /** The tooltip heading, also the start of what a screen reader hears: a date or a time. */
  readonly heading: string;
  /** What names the point to the host: the day's `YYYY-MM-DD`, the slot's `HH:MM`. */
  readonly key?: string;
}

export interface AxisTick {
  readonly x: number;
  readonly label: string;
  /** Extra class for the label, e.g. to stress the latest point. */
  readonly className?: string | undefined;
}

/** A vertical rule across the plot, e.g. where the lunch break was cut out of the time axis. */
export interface AxisMarker {
  readonly x: number;
  readonly className: string;
}

export type SeriesNames = Readonly<Record<styles.SeriesKey, string>>;

/** The props both emotion charts take besides their data, heading and name. */
export interface ChartFrameProps {
  /** @default 'ready' */
  status?: ChartStatus;
  /** @default 3 */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Height of the plot (and of the loading, empty and error states) in pixels. @default 300 */
  height?: number;
  /** Offered as a 重试 button in the error state. */
  onRetry?: () => void;
  /**
   * Told which point the pointer, a touch or the keyboard shows (the day's `YYYY-MM-DD`, the slot's
   * `HH:MM`), and `null` when none is shown any more: a host can explain that point beside the chart.
   */
  onFocusPoint?: (key: string | null) => void;
  className?: string;
}

/** The words of one chart (`messages.daily`, `messages.minute`). */
export interface ChartTexts {
  /** Says what kind of thing the focusable plot is ("日线情绪折线图"). */
  readonly roleDescription: string;
  readonly series: SeriesNames;
  /** Read after the summary: how to move between the points. */
  readonly keyboardHint: string;
  readonly loading: string;
  readonly empty: string;
  readonly error: string;
}

export interface EmotionChartProps extends ChartFrameProps {
  title: string;
  ariaLabel: string;
  subtitle?: string | undefined;
  /** Why the data cannot be drawn (Chinese, for the user); shown like a failed load. */
  dataError: string | null;
  points: readonly ChartPoint[];
  xDomain: readonly [number, number];
  /** The x-axis labels that fit a plot of this many pixels. */
  ticks: (plotWidth: number) => readonly AxisTick[];
  markers?: readonly AxisMarker[] | undefined;
  summary: string;
  texts: ChartTexts;
}

const SERIES: readonly styles.SeriesKey[] = ['value', 'ma5', 'ma20'];
const DASH: Record<styles.SeriesKey, string | undefined> = { value: undefined, ma5: undefined, ma20: '5 3' };
const WIDTH: Record<styles.SeriesKey, number> = { value: 2, ma5: 1.5, ma20: 1.5 };
/** Room around the plot for the axis labels, in pixels. */
export const PLOT_MARGIN = { top: 12, right: 28, bottom: 28, left: 36 } as const;
const TOOLTIP_GAP = 12;

/**
 * The frame both emotion charts share: heading, legend, the loading / error / empty states, and the plot.
 */
export function EmotionChart(props: EmotionChartProps) {
  const {
    title,
    subtitle,
    headingLevel = 3,
    status = 'ready',
    dataError,
    points,
    texts,
    height = 300,
    onRetry,
    className,
  } = props;
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasData = points.some((p) => p.value !== null);

  let content: ReactNode;
  if (status === 'loading') {
    content = (
      <div className={styles.state}>
        <Spinner label={texts.loading} showLabel stacked />
      </div>
    );
  } else if (typeof status === 'object' || dataError !== null) {
    const message = dataError ?? ((typeof status === 'object' && status.error) || texts.error);
    content = (
      <div className={styles.state}>
        <Alert
          tone="danger"
          className={styles.alert}
          actionLabel={onRetry ? messages.retry : undefined}
          onAction={onRetry}
        >
          {message}
        </Alert>
      </div>
    );
  } else if (!hasData) {
    content = (
      <div className={styles.state}>
        <p className={styles.stateText}>{texts.empty}</p>
      </div>
    );
  } else {
    content = <Plot {...props} height={height} />;
  }

  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      <div className={styles.header}>
        <div className={styles.titleBlock}>
          <Heading id={titleId} className={styles.title}>
            {title}
          </Heading>
          {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
        </div>
        {status === 'ready' && dataError === null && hasData && <Legend names={texts.series} />}
      </div>
      <div className={styles.body} style={{ height }}>
        {content}
      </div>
    </div>
  );
}

/** A short stroke of a series' line, as drawn in the plot: the key of the legend and the tooltip. */
function Swatch({ series, width }: { series: styles.SeriesKey; width: number }) {
  return (
    <svg width={width} height="8" aria-hidden="true" focusable="false">
      <line
        x1="1"
        x2={width - 1}
        y1="4"
        y2="4"
        className={`${styles.line} ${styles.stroke[series]}`}
        strokeWidth={WIDTH[series]}
        strokeDasharray={DASH[series]}
      />
    </svg>
  );
}

function Legend({ names }: { names: SeriesNames }) {
  return (
    <ul className={styles.legend} aria-label={messages.legend}>
      {SERIES.map((key) => (
        <li key={key} className={styles.legendItem}>
          <Swatch series={key} width={18} />
          {names[key]}
        </li>
      ))}
    </ul>
  );
}

interface Geometry {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  paths: Record<styles.SeriesKey, string>;
  yTicks: number[];
  /** Indices of the points that have a value: where the pointer and the arrow keys can land. */
  navigable: number[];
  /** Pixel x of each navigable point, ascending, for finding the one nearest the pointer. */
  navigableX: number[];
}

function buildGeometry(
  points: readonly ChartPoint[],
  xDomain: readonly [number, number],
  width: number,
  height: number,
): Geometry {
  const x = scaleLinear()
    .domain([xDomain[0], xDomain[1]])
    .range([PLOT_MARGIN.left, width - PLOT_MARGIN.right]);
  // The y axis is fixed at 0–100 so charts of different days compare at a glance; stray values are clamped
  // to the frame rather than drawn over the axes (the tooltip still shows the true value).
  const y = scaleLinear()
    .domain([0, 100])
    .range([height - PLOT_MARGIN.bottom, PLOT_MARGIN.top])
    .clamp(true);
  const pathOf = (key: styles.SeriesKey) =>
    line<ChartPoint>()
      .defined((p) => p[key] !== null)
      .x((p) => x(p.x))
      .y((p) => y(p[key] ?? 0))(points) ?? '';
  const navigable: number[] = [];
  points.forEach((p, i) => {
    if (p.value !== null) navigable.push(i);
  });
  return {
    x,
    y,
    paths: { value: pathOf('value'), ma5: pathOf('ma5'), ma20: pathOf('ma20') },
    yTicks: y.ticks(5),
    navigable,
    navigableX: navigable.map((i) => x((points[i] as ChartPoint).x)),
  };
}

/** Everything that does not move with the pointer, memoised so a hover re-renders only the overlay. */
const StaticLayer = memo(function StaticLayer({
  geometry,
  ticks,
  markers,
  width,
  height,
}: {
  geometry: Geometry;
  ticks: readonly AxisTick[];
  markers: readonly AxisMarker[] | undefined;
  width: number;
  height: number;
}) {
  const { x, y, paths, yTicks } = geometry;
  const bottom = height - PLOT_MARGIN.bottom;
  const right = width - PLOT_MARGIN.right;
  return (
    <>
      <g>
        {yTicks.map((t) => (
          <g key={t}>
            <line className={styles.gridLine} x1={PLOT_MARGIN.left} x2={right} y1={y(t)} y2={y(t)} />
            <text className={styles.tickLabel} x={PLOT_MARGIN.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
              {t}
            </text>
          </g>
        ))}
      </g>
      {markers?.map((m) => (
        <line key={m.x} className={m.className} x1={x(m.x)} x2={x(m.x)} y1={PLOT_MARGIN.top} y2={bottom} />
      ))}
      <line className={styles.axisLine} x1={PLOT_MARGIN.left} x2={right} y1={bottom} y2={bottom} />
      <g>
        {ticks.map((t) => (
          <g key={`${t.x}-${t.label}`}>
            <line className={styles.axisLine} x1={x(t.x)} x2={x(t.x)} y1={bottom} y2={bottom + 4} />
            <text
              className={t.className ? `${styles.tickLabel} ${t.className}` : styles.tickLabel}
              x={x(t.x)}
              y={bottom + 8}
              dy="0.71em"
              textAnchor="middle"
            >
              {t.label}
            </text>
          </g>
        ))}
      </g>
      {/* Averages first, so the value line is drawn on top of them. */}
      {(['ma20', 'ma5', 'value'] as const).map((key) => (
        <path
          key={key}
          d={paths[key]}
          className={`${styles.line} ${styles.stroke[key]}`}
          strokeWidth={WIDTH[key]}
          strokeDasharray={DASH[key]}
          data-series={key}
        />
      ))}
    </>
  );
});

type Active = { readonly index: number; readonly via: 'pointer' | 'keyboard' };

function describe(point: ChartPoint, names: SeriesNames) {
  return messages.point(
    point.heading,
    SERIES.map((key) => {
      const v = point[key];
      return { name: names[key], value: v === null ? messages.noValue : formatValue(v) };
    }),
  );
}

function Plot({
  points,
  xDomain,
  ticks: ticksFor,
  markers,
  height,
  ariaLabel,
  summary,
  onFocusPoint,
  texts: { series: seriesNames, roleDescription, keyboardHint },
}: EmotionChartProps & { height: number }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const summaryId = useId();
  const [active, setActive] = useState<Active | null>(null);
  const focusedKey = active ? (points[active.index]?.key ?? null) : null;
  useEffect(() => {
    onFocusPoint?.(focusedKey);
  }, [onFocusPoint, focusedKey]);

  const geometry = useMemo(
    () => (width > 0 ? buildGeometry(points, xDomain, width, height) : null),
    [points, xDomain, width, height],
  );
  const ticks = useMemo(
    () => (width > 0 ? ticksFor(width - PLOT_MARGIN.left - PLOT_MARGIN.right) : []),
    [ticksFor, width],
  );

  const show = useCallback((index: number | undefined, via: Active['via']) => {
    if (index === undefined) return;
    setActive((prev) => (prev && prev.index === index && prev.via === via ? prev : { index, via }));
  }, []);

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    if (!geometry || geometry.navigable.length === 0) return;
    const left = event.currentTarget.getBoundingClientRect().left;
    const index = geometry.navigable[bisectCenter(geometry.navigableX, event.clientX - left)];
    // Only the overlay re-renders (the lines are memoised), so the update is done inside the event
    // rather than after a scheduler round trip: the tooltip follows the pointer in the same frame.
    flushSync(() => show(index, 'pointer'));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!geometry) return;
    const { navigable } = geometry;
    const at = active ? navigable.indexOf(active.index) : -1;
    let next: number | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = at < 0 ? 0 : Math.min(at + 1, navigable.length - 1);
        break;
      case 'ArrowLeft':
        next = at < 0 ? navigable.length - 1 : Math.max(at - 1, 0);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = navigable.length - 1;
        break;
      case 'Escape':
        if (!active) return;
        setActive(null);
        event.preventDefault();
        return;
      default:
        return;
    }
    event.preventDefault();
    show(navigable[next], 'keyboard');
  };

  const point = active ? points[active.index] : undefined;
  const liveText = point && active?.via === 'keyboard' ? describe(point, seriesNames) : '';

  return (
    <div
      ref={ref}
      className={styles.plot}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: role "application" is a keyboard widget; it must take focus.
      tabIndex={0}
      // "application": screen readers in browse mode (NVDA, JAWS) then hand the arrow keys to the chart.
      role="application"
      aria-roledescription={roleDescription}
      aria-label={ariaLabel}
      aria-describedby={summaryId}
      onKeyDown={onKeyDown}
      onPointerMove={fromPointer}
      onPointerDown={fromPointer}
      onPointerLeave={(event) => {
        // A finger lifting also "leaves"; on touch the tooltip stays until the chart loses focus.
        if (event.pointerType !== 'touch') setActive((prev) => (prev?.via === 'pointer' ? null : prev));
      }}
      onBlur={() => setActive(null)}
    >
      {geometry && (
        <svg className={styles.svg} width={width} height={height} aria-hidden="true" focusable="false">
          <StaticLayer geometry={geometry} ticks={ticks} markers={markers} width={width} height={height} />
          {point && <Crosshair point={point} geometry={geometry} width={width} height={height} />}
        </svg>
      )}
      {geometry && point && (
        <Tooltip point={point} names={seriesNames} geometry={geometry} width={width} height={height} />
      )}
      <p id={summaryId} className={styles.visuallyHidden}>
        {summary}
        {keyboardHint}
      </p>
      <div className={styles.visuallyHidden} aria-live="polite" aria-atomic="true">
        {liveText}
      </div>
    </div>
  );
}

/** The guide lines at the hovered point: vertical at its x, horizontal at its value, and a dot per line. */
function Crosshair({
  point,
  geometry,
  width,
  height,
}: {
  point: ChartPoint;
  geometry: Geometry;
  width: number;
  height: number;
}) {
  const px = geometry.x(point.x);
  const valueY = geometry.y(point.value ?? 0);
  return (
    <g data-testid="chart-guide">
      <line className={styles.guide} x1={px} x2={px} y1={PLOT_MARGIN.top} y2={height - PLOT_MARGIN.bottom} />
      <line
        className={styles.guide}
        x1={PLOT_MARGIN.left}
        x2={width - PLOT_MARGIN.right}
        y1={valueY}
        y2={valueY}
        data-guide="value"
      />
      {(['ma20', 'ma5', 'value'] as const).map((key) => {
        const v = point[key];
        return v === null ? null : (
          <circle
            key={key}
            className={`${styles.dot} ${styles.stroke[key]}`}
            cx={px}
            cy={geometry.y(v)}
            r={3.5}
          />
        );
      })}
    </g>
  );
}

/** Visual only: screen readers get the same text from the live region, once. */
function Tooltip({
  point,
  names,
  geometry,
  width,
  height,
}: {
  point: ChartPoint;
  names: SeriesNames;
  geometry: Geometry;
  width: number;
  height: number;
}) {
  const px = geometry.x(point.x);
  // Past the middle, the tooltip opens to the left of the point so it never leaves the chart; and it sits
  // in the half of the plot away from the value, so it does not hide the point being read.
  const x = px > width / 2 ? `calc(${px - TOOLTIP_GAP}px - 100%)` : `${px + TOOLTIP_GAP}px`;
  const bottom = height - PLOT_MARGIN.bottom;
  const valueHigh = geometry.y(point.value ?? 0) < (PLOT_MARGIN.top + bottom) / 2;
  const y = valueHigh ? `calc(${bottom - TOOLTIP_GAP}px - 100%)` : `${PLOT_MARGIN.top}px`;
  const transform = `translate(${x}, ${y})`;
  return (
    <div className={styles.tooltip} style={{ transform }} aria-hidden="true" data-testid="chart-tooltip">
      <p className={styles.tooltipHeading}>{point.heading}</p>
      <dl className={styles.tooltipRows}>
        {SERIES.map((key) => {
          const v = point[key];
          return (
            <div key={key} className={styles.tooltipRow}>
              <dt className={styles.tooltipLabel}>
                <Swatch series={key} width={12} />
                {names[key]}
              </dt>
              <dd className={styles.tooltipValue}>{v === null ? messages.noValue : formatValue(v)}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
