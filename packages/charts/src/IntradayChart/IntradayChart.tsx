import { bisectCenter } from 'd3-array';
import { type ScaleLinear, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { memo, type ReactNode, useId, useMemo } from 'react';
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
import { formatLongDate } from '../lib/format';
import { type IntradayInput, type IntradayPoint, prepareIntraday } from '../lib/intradaySeries';
import { formatPercent, formatPrice, formatVolume, percentChange } from '../lib/marketFormat';
import { intradayTicks, symmetricPriceDomain } from '../scales/intradayAxis';
import { tradingDayLength } from '../scales/tradingSession';

export interface IntradayChartProps {
  /** The day's minutes so far ("HH:MM" China time, 09:30–11:30 and 13:01–15:00), in any order. */
  points: readonly IntradayInput[];
  /** The previous close, yuan: the middle of the price axis and the 0 % of the percent axis. */
  prevClose: number;
  /** The trading day, "YYYY-MM-DD". */
  date: string;
  /** The visible heading and the start of the accessible name. @default 分时走势 */
  title?: string;
  /** Height of the plot (both panels) in pixels. @default 320 */
  height?: number;
  /** Shows a 模拟行情 badge: the data is the built-in simulation, not real trades. */
  simulated?: boolean;
}

/**
 * Room around the panels for the axis labels: prices on the left (at least `left`, more for long prices
 * or volumes), percentages on the right.
 */
export const INTRADAY_MARGIN = { top: 6, right: 54, bottom: 22, left: 46 } as const;
/** Share of the plot height the price panel takes; the volume panel has the rest after the gap. */
const PRICE_SHARE = 0.7;
const PANEL_GAP = 10;

interface Geometry {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  yVolume: ScaleLinear<number, number>;
  priceBottom: number;
  volumeTop: number;
  volumeBottom: number;
  left: number;
  right: number;
  pointX: number[];
}

function buildGeometry(
  points: readonly IntradayPoint[],
  prevClose: number,
  width: number,
  height: number,
): Geometry {
  const prices = points.flatMap((p) => [p.price, p.avgPrice]);
  const domain = symmetricPriceDomain(prevClose, prices);
  const maxVolume = points.reduce((m, p) => Math.max(m, p.volume), 0);
  // Wide enough for the highest price and the volume scale's label ("8002.47万").
  const left = labelRoom(
    [
      { text: formatPrice(domain[1]), fontPx: 12 },
      { text: formatVolume(maxVolume), fontPx: 10 },
    ],
    INTRADAY_MARGIN.left,
  );
  const right = Math.max(left + 1, width - INTRADAY_MARGIN.right);
  const inner = height - INTRADAY_MARGIN.top - INTRADAY_MARGIN.bottom - PANEL_GAP;
  const priceBottom = INTRADAY_MARGIN.top + inner * PRICE_SHARE;
  const volumeTop = priceBottom + PANEL_GAP;
  const volumeBottom = height - INTRADAY_MARGIN.bottom;
  const x = scaleLinear().domain([0, tradingDayLength]).range([left, right]);
  const y = scaleLinear().domain(domain).range([priceBottom, INTRADAY_MARGIN.top]);
  const yVolume = scaleLinear()
    .domain([0, maxVolume || 1])
    .range([volumeBottom, volumeTop]);
  return {
    x,
    y,
    yVolume,
    priceBottom,
    volumeTop,
    volumeBottom,
    left,
    right,
    pointX: points.map((p) => x(p.offset)),
  };
}

/** Everything that does not move with the crosshair, memoised so a hover re-renders only the overlay. */
const Drawing = memo(function Drawing({
  points,
  prevClose,
  geometry,
}: {
  points: readonly IntradayPoint[];
  prevClose: number;
  geometry: Geometry;
}) {
  const { x, y, yVolume, priceBottom, volumeTop, volumeBottom, left, right } = geometry;
  const [low, high] = y.domain() as [number, number];
  const levels = [high, (high + prevClose) / 2, prevClose, (low + prevClose) / 2, low];
  const pricePath = line<IntradayPoint>()
    .x((p) => x(p.offset))
    .y((p) => y(p.price))(points);
  const avgPath = line<IntradayPoint>()
    .x((p) => x(p.offset))
    .y((p) => y(p.avgPrice))(points);
  // One path per colour: 241 bars as three elements rather than 241.
  const barWidth = Math.max(1, ((right - left) / tradingDayLength) * 0.6);
  const bars: Record<IntradayPoint['direction'], string> = { up: '', down: '', flat: '' };
  for (const p of points) {
    const top = yVolume(p.volume);
    bars[p.direction] += `M${x(p.offset) - barWidth / 2},${volumeBottom}h${barWidth}V${top}h${-barWidth}Z`;
  }
  const ticks = intradayTicks(right - left);
  const toneOf = (price: number) => (price > prevClose ? 'up' : price < prevClose ? 'down' : 'flat');
  return (
    <>
      {levels.map((level, i) => (
        <g key={level}>
          {i !== 2 && <line className={frame.gridLine} x1={left} x2={right} y1={y(level)} y2={y(level)} />}
          <text
            className={`${frame.tickLabel} ${styles.fillTone[toneOf(level)]}`}
            x={left - 6}
            y={y(level)}
            dy="0.32em"
            textAnchor="end"
          >
            {formatPrice(level)}
          </text>
          <text
            className={`${frame.tickLabel} ${styles.fillTone[toneOf(level)]}`}
            x={right + 6}
            y={y(level)}
            dy="0.32em"
            textAnchor="start"
          >
            {formatPercent(percentChange(level, prevClose))}
          </text>
        </g>
      ))}
      <line
        className={styles.prevCloseLine}
        x1={left}
        x2={right}
        y1={y(prevClose)}
        y2={y(prevClose)}
        data-testid="prev-close"
      />
      <line
        className={styles.sessionBreak}
        x1={x(120)}
        x2={x(120)}
        y1={INTRADAY_MARGIN.top}
        y2={volumeBottom}
      />
      <line className={frame.axisLine} x1={left} x2={right} y1={priceBottom} y2={priceBottom} />
      <line className={frame.axisLine} x1={left} x2={right} y1={volumeBottom} y2={volumeBottom} />
      <text className={styles.panelLabel} x={left - 6} y={volumeTop} dy="0.71em" textAnchor="end">
        {formatVolume(yVolume.domain()[1] ?? 0)}
      </text>
      {(['up', 'down', 'flat'] as const).map((d) =>
        bars[d] ? <path key={d} d={bars[d]} className={styles.fillTone[d]} data-volume={d} /> : null,
      )}
      {ticks.map((t) => (
        <text
          key={t.offset}
          className={frame.tickLabel}
          x={x(t.offset)}
          y={volumeBottom + 6}
          dy="0.71em"
          textAnchor={t.offset === 0 ? 'start' : t.offset === tradingDayLength ? 'end' : 'middle'}
        >
          {t.label}
        </text>
      ))}
      <path
        d={avgPath ?? ''}
        className={`${styles.line} ${styles.lineStroke.avg}`}
        strokeWidth={1.25}
        data-series="avg"
      />
      <path
        d={pricePath ?? ''}
        className={`${styles.line} ${styles.lineStroke.price}`}
        strokeWidth={1.5}
        data-series="price"
      />
    </>
  );
});

const EMPTY: IntradayPoint[] = [];

function readoutOf(point: IntradayPoint): { heading: string; items: ReadoutItem[] } {
  const t = messages.intraday;
  return {
    heading: point.time,
    items: [
      { name: t.price, value: formatPrice(point.price), className: styles.textTone[toneOfPct(point.pct)] },
      { name: t.change, value: formatPercent(point.pct), className: styles.textTone[toneOfPct(point.pct)] },
      { name: t.avgPrice, value: formatPrice(point.avgPrice), className: styles.lineText.avg },
      { name: t.volume, value: formatVolume(point.volume) },
    ],
  };
}

const toneOfPct = (pct: number) => (pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat');

/**
 * The A-share intraday (分时) chart of one stock: the price and the day's average price minute by minute
 * on one axis from 09:30 to 15:00 with the lunch break cut out, the price axis centred on the previous
 * close (dashed) with the change in percent on the right, and the minutes' volume beneath in red (the
 * price rose) and green (it fell). Explorable by pointer and keyboard, with a readout of the minute.
 */
export function IntradayChart({
  points,
  prevClose,
  date,
  title = messages.intraday.title,
  height = 320,
  simulated = false,
}: IntradayChartProps) {
  const [series, dataError] = useMemo(
    () => tryPrepare(() => prepareIntraday(points, prevClose), EMPTY),
    [points, prevClose],
  );
  const dayText = formatLongDate(date);
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const geometry = useMemo(
    () => (width > 0 && series.length > 0 ? buildGeometry(series, prevClose, width, height) : null),
    [series, prevClose, width, height],
  );
  const { active, handlers } = useCrosshair(series.length, (px) =>
    geometry ? bisectCenter(geometry.pointX, px) : undefined,
  );
  const summaryId = useId();
  const focused = active ? series[active.index] : undefined;
  const shown = focused ?? series.at(-1);
  const readout = shown ? readoutOf(shown) : null;
  const summary = useMemo(() => {
    const last = series.at(-1);
    if (!last) return '';
    const prices = series.map((p) => p.price);
    return messages.intraday.summary({
      date: dayText,
      count: series.length,
      last: last.time,
      price: formatPrice(last.price),
      change: formatPercent(last.pct),
      high: formatPrice(Math.max(...prices)),
      low: formatPrice(Math.min(...prices)),
    });
  }, [series, dayText]);

  let body: ReactNode;
  if (dataError || series.length === 0) {
    body = <StockChartState error={dataError} empty={messages.intraday.empty} />;
  } else {
    body = (
      <div
        className={frame.plot}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: role "application" is a keyboard widget; it must take focus.
        tabIndex={0}
        role="application"
        aria-roledescription={messages.intraday.roleDescription}
        aria-label={`${title}（${dayText}）`}
        aria-describedby={summaryId}
        {...handlers}
      >
        {geometry && (
          <svg
            className={frame.svg}
            width={width}
            height={height}
            aria-hidden="true"
            focusable="false"
            data-plot-left={geometry.left}
            data-plot-right={geometry.right}
          >
            <Drawing points={series} prevClose={prevClose} geometry={geometry} />
            {focused && <Crosshair point={focused} geometry={geometry} />}
          </svg>
        )}
        <p id={summaryId} className={frame.visuallyHidden}>
          {summary}
          {messages.intraday.keyboardHint}
        </p>
        <div className={frame.visuallyHidden} aria-live="polite" aria-atomic="true">
          {focused && active?.via === 'keyboard' && readout ? readoutText(readout) : ''}
        </div>
      </div>
    );
  }

  return (
    <StockChartFrame
      title={title}
      subtitle={dayText}
      simulated={simulated}
      readout={dataError ? null : readout}
      height={height}
    >
      {/* Always there, so the width is known before the first point arrives. */}
      <div ref={ref} className={styles.measure}>
        {body}
      </div>
    </StockChartFrame>
  );
}

function Crosshair({ point, geometry }: { point: IntradayPoint; geometry: Geometry }) {
  const px = geometry.x(point.offset);
  const py = geometry.y(point.price);
  return (
    <g data-testid="chart-guide">
      <line className={frame.guide} x1={px} x2={px} y1={INTRADAY_MARGIN.top} y2={geometry.volumeBottom} />
      <line className={frame.guide} x1={geometry.left} x2={geometry.right} y1={py} y2={py} />
      <circle className={`${frame.dot} ${styles.lineStroke.price}`} cx={px} cy={py} r={3.5} />
    </g>
  );
}
