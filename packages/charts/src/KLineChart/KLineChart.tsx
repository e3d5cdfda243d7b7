import { type ScaleLinear, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { type KeyboardEvent, memo, type ReactNode, useId, useMemo, useState } from 'react';
import { messages } from '../i18n/zh-CN';
import * as frame from '../internal/EmotionChart/EmotionChart.css';
import { labelRoom } from '../internal/StockChart/labelWidth';
import * as styles from '../internal/StockChart/StockChart.css';
import {
  type ReadoutItem,
  readoutText,
  StockChartFrame,
  StockChartState,
} from '../internal/StockChart/StockChartFrame';
import { useCrosshair } from '../internal/StockChart/useCrosshair';
import { tryPrepare } from '../internal/tryPrepare';
import { useElementWidth } from '../internal/useElementWidth';
import { dailyTicks } from '../lib/dailySeries';
import { formatAxisDate, formatFullDate, formatLongDate } from '../lib/format';
import {
  BAR_STEPS,
  type KLineInput,
  type KLineMarker,
  type KLinePoint,
  klineWindow,
  MA_PERIODS,
  type MaKey,
  MIN_BAR_STEP,
  prepareKLine,
} from '../lib/klineSeries';
import { formatPercent, formatPrice, formatVolume } from '../lib/marketFormat';

export interface KLineChartProps {
  /** One bar per trading day, in any order; the 5-, 10- and 20-day averages are computed here. */
  bars: readonly KLineInput[];
  /** The visible heading and the accessible name. @default 日K线 */
  title?: string;
  /** Height of the plot (candles and volume) in pixels. @default 340 */
  height?: number;
  /** Shows a 模拟行情 badge: the data is the built-in simulation, not real trades. */
  simulated?: boolean;
  /** Labels over single days' candles, e.g. 涨停 days or a report's mention; days not in `bars` are ignored. */
  markers?: readonly KLineMarker[];
}

/**
 * Room around the panels: prices on the left (at least `left`, more for long prices or volumes), dates
 * below, the markers' labels above when there are any.
 */
export const KLINE_MARGIN = { top: 6, markerTop: 26, right: 10, bottom: 22, left: 46 } as const;
const PRICE_SHARE = 0.72;
const PANEL_GAP = 10;
/** Room one date label ("11月20日" and a gap) needs on the x axis. */
const DATE_LABEL_PX = 64;
const MA_WIDTH = 1.25;

interface Geometry {
  start: number;
  end: number;
  step: number;
  x: (index: number) => number;
  y: ScaleLinear<number, number>;
  yVolume: ScaleLinear<number, number>;
  top: number;
  priceBottom: number;
  volumeTop: number;
  volumeBottom: number;
  left: number;
  right: number;
}

function buildGeometry(
  points: readonly KLinePoint[],
  windowEnd: number,
  barStep: number,
  left: number,
  width: number,
  height: number,
): Geometry {
  const right = Math.max(left + 1, width - KLINE_MARGIN.right);
  const { start, end, slots } = klineWindow(points.length, right - left, windowEnd, barStep);
  const visible = points.slice(start, end + 1);
  // Room for markers when the series has any, visible or not, so the plot keeps still as the window scrolls.
  const top = points.some((p) => p.markers.length > 0) ? KLINE_MARGIN.markerTop : KLINE_MARGIN.top;
  const inner = height - top - KLINE_MARGIN.bottom - PANEL_GAP;
  const priceBottom = top + inner * PRICE_SHARE;
  const volumeTop = priceBottom + PANEL_GAP;
  const volumeBottom = height - KLINE_MARGIN.bottom;
  const step = (right - left) / slots;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const p of visible) {
    for (const v of [p.low, p.high, p.ma5, p.ma10, p.ma20]) {
      if (v === null) continue;
      low = Math.min(low, v);
      high = Math.max(high, v);
    }
  }
  const pad = Math.max((high - low) * 0.04, high * 0.005);
  const y = scaleLinear()
    .domain([low - pad, high + pad])
    .range([priceBottom, top]);
  const maxVolume = visible.reduce((m, p) => Math.max(m, p.volume), 0);
  const yVolume = scaleLinear()
    .domain([0, maxVolume || 1])
    .range([volumeBottom, volumeTop]);
  return {
    start,
    end,
    step,
    x: (index) => left + (index - start + 0.5) * step,
    y,
    yVolume,
    top,
    priceBottom,
    volumeTop,
    volumeBottom,
    left,
    right,
  };
}

const Drawing = memo(function Drawing({
  points,
  geometry,
}: {
  points: readonly KLinePoint[];
  geometry: Geometry;
}) {
  const { start, end, step, x, y, yVolume, priceBottom, volumeTop, volumeBottom, left, right } = geometry;
  const visible = points.slice(start, end + 1);
  const body = Math.max(1, Math.min(step * 0.7, step - 1));
  const maPath = (key: MaKey) =>
    line<KLinePoint>()
      .defined((p) => p[key] !== null)
      .x((_, i) => x(start + i))
      .y((p) => y(p[key] ?? 0))(visible) ?? '';
  // The labels share the width the candles take, which is less than the plot's when there are few.
  const ticks = dailyTicks(visible.length, (visible.length * step) / DATE_LABEL_PX);
  return (
    <>
      {y.ticks(4).map((t) => (
        <g key={t}>
          <line className={frame.gridLine} x1={left} x2={right} y1={y(t)} y2={y(t)} />
          <text className={frame.tickLabel} x={left - 6} y={y(t)} dy="0.32em" textAnchor="end">
            {formatPrice(t)}
          </text>
        </g>
      ))}
      <line className={frame.axisLine} x1={left} x2={right} y1={priceBottom} y2={priceBottom} />
      <line className={frame.axisLine} x1={left} x2={right} y1={volumeBottom} y2={volumeBottom} />
      <text className={styles.panelLabel} x={left - 6} y={volumeTop} dy="0.71em" textAnchor="end">
        {formatVolume(yVolume.domain()[1] ?? 0)}
      </text>
      {visible.map((p, i) => {
        const cx = x(start + i);
        const openY = y(p.open);
        const closeY = y(p.close);
        const bodyTop = Math.min(openY, closeY);
        const bodyHeight = Math.max(1, Math.abs(openY - closeY));
        // Red up candles are hollow, green down candles filled, as Chinese quote screens draw them.
        const hollow = p.direction === 'up';
        const candleClass = hollow
          ? `${styles.candleHollow} ${styles.strokeTone.up}`
          : `${styles.fillTone[p.direction]} ${styles.strokeTone[p.direction]}`;
        const volumeTopY = yVolume(p.volume);
        return (
          <g key={p.date} data-direction={p.direction}>
            <line className={styles.strokeTone[p.direction]} x1={cx} x2={cx} y1={y(p.high)} y2={bodyTop} />
            <line
              className={styles.strokeTone[p.direction]}
              x1={cx}
              x2={cx}
              y1={bodyTop + bodyHeight}
              y2={y(p.low)}
            />
            <rect
              className={candleClass}
              x={cx - body / 2 + (hollow ? 0.5 : 0)}
              y={bodyTop + (hollow ? 0.5 : 0)}
              width={Math.max(1, body - (hollow ? 1 : 0))}
              height={Math.max(1, bodyHeight - (hollow ? 1 : 0))}
            />
            <rect
              className={candleClass}
              x={cx - body / 2 + (hollow ? 0.5 : 0)}
              y={volumeTopY}
              width={Math.max(1, body - (hollow ? 1 : 0))}
              height={Math.max(1, volumeBottom - volumeTopY - (hollow ? 0.5 : 0))}
            />
            {p.markers.length > 0 && (
              <g data-testid="kline-marker">
                <path className={styles.markerMark} d={`M${cx - 4},${y(p.high) - 9}h8l-4,5Z`} />
                <text className={styles.markerText} x={cx} y={y(p.high) - 12} textAnchor="middle">
                  {p.markers.join('·')}
                </text>
              </g>
            )}
          </g>
        );
      })}
      {MA_PERIODS.map((n) => (
        <path
          key={n}
          d={maPath(`ma${n}`)}
          className={`${styles.line} ${styles.lineStroke[`ma${n}`]}`}
          strokeWidth={MA_WIDTH}
          data-series={`ma${n}`}
        />
      ))}
      {ticks.map((i) => {
        const p = visible[i];
        if (!p) return null;
        return (
          <text
            key={p.date}
            className={frame.tickLabel}
            x={x(start + i)}
            y={volumeBottom + 6}
            dy="0.71em"
            textAnchor={anchorAt(x(start + i), left, right)}
          >
            {formatAxisDate(p.date)}
          </text>
        );
      })}
    </>
  );
});

const EMPTY: KLinePoint[] = [];

/** A date label is centred on its candle unless that would cross the plot's edge. */
function anchorAt(px: number, left: number, right: number): 'start' | 'middle' | 'end' {
  const half = DATE_LABEL_PX / 2 - 8;
  if (px - half < left) return 'start';
  if (px + half > right) return 'end';
  return 'middle';
}

/** Room for the longest price label (the highest high, with the axis' padding) and the volume scale. */
function leftMargin(points: readonly KLinePoint[]): number {
  let high = 0;
  let volume = 0;
  for (const p of points) {
    high = Math.max(high, p.high);
    volume = Math.max(volume, p.volume);
  }
  return labelRoom(
    [
      { text: formatPrice(high * 1.05), fontPx: 12 },
      { text: formatVolume(volume), fontPx: 10 },
    ],
    KLINE_MARGIN.left,
  );
}
const toneOf = (n: number) => (n > 0 ? 'up' : n < 0 ? 'down' : 'flat');

function readoutOf(
  point: KLinePoint,
  previousClose: number | undefined,
): { heading: string; items: ReadoutItem[] } {
  const t = messages.kline;
  // Each price is red or green against the day before's close, as quote screens colour them.
  const base = previousClose ?? point.open;
  const price = (name: string, value: number): ReadoutItem => ({
    name,
    value: formatPrice(value),
    className: styles.textTone[toneOf(value - base)],
  });
  const items: ReadoutItem[] = [
    price(t.open, point.open),
    price(t.high, point.high),
    price(t.low, point.low),
    price(t.close, point.close),
    {
      name: t.change,
      value: formatPercent(point.pctChange),
      className: styles.textTone[toneOf(point.pctChange)],
    },
    { name: t.volume, value: formatVolume(point.volume) },
    ...MA_PERIODS.map((n) => {
      const v = point[`ma${n}`];
      return {
        name: `MA${n}`,
        value: v === null ? messages.noValue : formatPrice(v),
        className: styles.lineText[`ma${n}`],
      };
    }),
  ];
  if (point.markers.length > 0) items.push({ name: '标记', value: point.markers.join('、') });
  return { heading: formatLongDate(point.date), items };
}

/**
 * Daily candlesticks of one stock (red hollow up, green filled down) with the 5-, 10- and 20-day moving
 * averages, the volume panel beneath and optional labels over chosen days (涨停, …). Shows the latest bars
 * that fit the width; the keyboard crosshair scrolls back through the rest, + and − zoom.
 */
export function KLineChart({
  bars,
  title = messages.kline.title,
  height = 340,
  simulated = false,
  markers,
}: KLineChartProps) {
  const [series, dataError] = useMemo(
    () => tryPrepare(() => prepareKLine(bars, markers), EMPTY),
    [bars, markers],
  );
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const summaryId = useId();
  // Sized for the whole series rather than the window, so the plot does not jump as the window scrolls.
  const left = useMemo(() => leftMargin(series), [series]);
  const plotWidth = Math.max(1, width - left - KLINE_MARGIN.right);
  // The crosshair picks among all bars; the window follows it when it walks past the visible edge.
  const { active, handlers } = useCrosshair(series.length, (px) => {
    // Called from pointer events, after this render has drawn `geometry`.
    if (!geometry) return undefined;
    const i = geometry.start + Math.floor((px - geometry.left) / geometry.step);
    return Math.max(geometry.start, Math.min(geometry.end, i));
  });
  const [zoom, setZoom] = useState<number>(BAR_STEPS.indexOf(MIN_BAR_STEP));
  const barStep = BAR_STEPS[zoom] ?? MIN_BAR_STEP;
  const [zoomNote, setZoomNote] = useState<string | null>(null);
  const windowEnd = useWindowEnd(series.length, plotWidth, barStep, active?.index);
  const geometry = useMemo(
    () =>
      width > 0 && series.length > 0 ? buildGeometry(series, windowEnd, barStep, left, width, height) : null,
    [series, windowEnd, barStep, left, width, height],
  );
  // + and − zoom the window (wider or narrower candles) around the crosshair or the latest day.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const by = event.key === '+' || event.key === '=' ? 1 : event.key === '-' || event.key === '_' ? -1 : 0;
    if (by === 0) {
      setZoomNote(null);
      handlers.onKeyDown(event);
      return;
    }
    event.preventDefault();
    const next = Math.max(0, Math.min(BAR_STEPS.length - 1, zoom + by));
    const w = klineWindow(series.length, plotWidth, windowEnd, BAR_STEPS[next]);
    setZoom(next);
    setZoomNote(messages.kline.zoomed(w.end - w.start + 1));
  };
  const focused = active ? series[active.index] : undefined;
  const shownIndex = active ? active.index : series.length - 1;
  const shown = series[shownIndex];
  const readout = shown ? readoutOf(shown, series[shownIndex - 1]?.close) : null;
  const summary = useMemo(() => {
    const first = series[0];
    const last = series.at(-1);
    if (!first || !last) return '';
    return messages.kline.summary({
      count: series.length,
      first: formatFullDate(first.date),
      last: formatFullDate(last.date),
      close: formatPrice(last.close),
      change: formatPercent(last.pctChange),
      markers: messages.kline.markerSummary(
        series
          .filter((p) => p.markers.length > 0)
          .map((p) => `${formatFullDate(p.date)} ${p.markers.join('、')}`),
      ),
    });
  }, [series]);
  const subtitle =
    series.length > 0
      ? messages.kline.range(formatFullDate(series[0]?.date ?? ''), formatFullDate(series.at(-1)?.date ?? ''))
      : undefined;

  let body: ReactNode;
  if (dataError || series.length === 0) {
    body = <StockChartState error={dataError} empty={messages.kline.empty} />;
  } else {
    body = (
      <div
        className={frame.plot}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: role "application" is a keyboard widget; it must take focus.
        tabIndex={0}
        role="application"
        aria-roledescription={messages.kline.roleDescription}
        aria-label={title}
        aria-describedby={summaryId}
        {...handlers}
        onKeyDown={onKeyDown}
      >
        {geometry && (
          <svg className={frame.svg} width={width} height={height} aria-hidden="true" focusable="false">
            <Drawing points={series} geometry={geometry} />
            {focused && active && <Crosshair point={focused} index={active.index} geometry={geometry} />}
          </svg>
        )}
        <p id={summaryId} className={frame.visuallyHidden}>
          {summary}
          {messages.kline.keyboardHint}
        </p>
        <div className={frame.visuallyHidden} aria-live="polite" aria-atomic="true">
          {zoomNote ?? (focused && active?.via === 'keyboard' && readout ? readoutText(readout) : '')}
        </div>
      </div>
    );
  }

  return (
    <StockChartFrame
      title={title}
      subtitle={subtitle}
      simulated={simulated}
      readout={dataError ? null : readout}
      height={height}
    >
      <div ref={ref} className={styles.measure}>
        {body}
      </div>
    </StockChartFrame>
  );
}

/**
 * The last bar of the visible window: the latest until the crosshair walks off the window's left edge,
 * then the window scrolls just enough to keep the crosshair in it (and back when it walks right again).
 */
function useWindowEnd(total: number, plotWidth: number, barStep: number, focus: number | undefined): number {
  const endRef = useMemo(() => ({ current: total - 1 }), [total]);
  if (focus === undefined) {
    endRef.current = total - 1;
    return endRef.current;
  }
  const w = klineWindow(total, plotWidth, endRef.current, barStep);
  if (focus < w.start) endRef.current = focus + (w.end - w.start);
  else if (focus > w.end) endRef.current = focus;
  endRef.current = klineWindow(total, plotWidth, endRef.current, barStep).end;
  return endRef.current;
}

function Crosshair({ point, index, geometry }: { point: KLinePoint; index: number; geometry: Geometry }) {
  const px = geometry.x(index);
  const py = geometry.y(point.close);
  return (
    <g data-testid="chart-guide">
      <line className={frame.guide} x1={px} x2={px} y1={geometry.top} y2={geometry.volumeBottom} />
      <line className={frame.guide} x1={geometry.left} x2={geometry.right} y1={py} y2={py} />
    </g>
  );
}
