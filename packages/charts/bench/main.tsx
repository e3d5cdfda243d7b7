/**
 * The page bench/charts.bench.ts drives in Chromium: a production build of both charts with the fixture
 * data (90 days × 3 lines, 48 slots × 3 lines), and timing functions on `window.chartsBench`.
 */
import '@wanxiang/ui';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { DailyEmotionChart, MinuteEmotionChart } from '../src';
import { FIXTURE_DAY, fixtures } from '../src/fixtures/emotionData';
import { PLOT_MARGIN } from '../src/internal/EmotionChart/EmotionChart';

export type ChartKind = 'daily' | 'minute';

const stage = document.getElementById('stage') as HTMLElement;
let root: Root | null = null;

const chartOf = (kind: ChartKind) =>
  kind === 'daily' ? (
    <DailyEmotionChart data={fixtures.dailyFull} />
  ) : (
    <MinuteEmotionChart data={fixtures.minuteFull} date={FIXTURE_DAY} />
  );

function unmount() {
  root?.unmount();
  root = null;
  stage.replaceChildren();
}

/**
 * Milliseconds from handing React a fresh chart to its laid-out DOM: the render, the commit, the width
 * measurement and the re-render at that width (both synchronous), then style and layout.
 */
function firstRender(kind: ChartKind): number {
  unmount();
  const container = document.createElement('div');
  stage.append(container);
  const start = performance.now();
  root = createRoot(container);
  flushSync(() => root?.render(chartOf(kind)));
  container.getBoundingClientRect();
  const elapsed = performance.now() - start;
  if (!container.querySelector('svg path[data-series="value"]')) throw new Error(`${kind}: no line drawn`);
  return elapsed;
}

/**
 * Moves the pointer across the plot, `steps` times to a different point, and returns the milliseconds
 * from each pointermove to the updated, laid-out tooltip (React's scheduling included).
 */
async function hover(kind: ChartKind, steps: number): Promise<number[]> {
  firstRender(kind);
  const plot = stage.querySelector<HTMLElement>('[role="application"]');
  if (!plot) throw new Error(`${kind}: no plot`);
  const rect = plot.getBoundingClientRect();
  const left = rect.left + PLOT_MARGIN.left;
  const width = rect.width - PLOT_MARGIN.left - PLOT_MARGIN.right;
  const times: number[] = [];
  for (let i = 0; i < steps; i++) {
    // Alternate between the two halves so every move lands on another point and flips the tooltip side.
    const fraction = ((i * 37) % 100) / 100;
    const updated = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve();
      });
      observer.observe(plot, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const start = performance.now();
    plot.dispatchEvent(
      new PointerEvent('pointermove', {
        bubbles: true,
        clientX: left + width * fraction,
        clientY: rect.top + 40,
        pointerType: 'mouse',
      }),
    );
    await updated;
    plot.querySelector('[data-testid="chart-tooltip"]')?.getBoundingClientRect();
    times.push(performance.now() - start);
    // Let the frame go by, as between real pointer events.
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  }
  return times;
}

declare global {
  interface Window {
    chartsBench: { firstRender: typeof firstRender; hover: typeof hover; ready: true };
  }
}

window.chartsBench = { firstRender, hover, ready: true };
