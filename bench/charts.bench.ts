/**
 * @wanxiang/charts in Debian Chromium: first render and hover update of the daily chart (90 days × 3
 * lines) and the minute chart (48 slots × 3 lines), from a production Vite build of
 * packages/charts/bench. The budget: a hover update under 4 ms at p95.
 *
 * A hover update runs from the pointermove to the laid-out tooltip. Its headline figure is the main
 * thread's CPU time in that span, read from the browser's trace (the events that lie wholly inside it:
 * the event dispatch with React's render and commit, the mutation callback, style and layout): on two
 * cores shared with Chromium's compositor and raster threads, the wall-clock span, reported beside it,
 * also counts the moments the thread waited for a core (as the chat bench does).
 */
import { ms, type TraceEvent, withBenchPage } from './browser';
import { quantile } from './stats';

/** Main-thread CPU ms of each hover: the outermost trace events wholly inside [pointermove, +wall ms]. */
export function hoverCpuFromTrace(events: readonly TraceEvent[], walls: readonly number[]): number[] {
  const moves = events
    .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointermove')
    .sort((a, b) => a.ts - b.ts);
  const first = moves[0];
  if (!first || moves.length !== walls.length) return [];
  const main = events
    .filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return moves.map((move, i) => {
    const end = move.ts + (walls[i] ?? 0) * 1000;
    let cpu = 0;
    let covered = Number.NEGATIVE_INFINITY;
    for (const e of main) {
      if (e.ts < move.ts) continue;
      if (e.ts > end) break;
      const eventEnd = e.ts + (e.dur ?? 0);
      if (e.ts < covered || eventEnd > end) continue;
      cpu += e.tdur ?? e.dur ?? 0;
      covered = eventEnd;
    }
    return cpu / 1000;
  });
}

type ChartKind = 'daily' | 'minute';

const MOUNTS = 20;
const HOVER_STEPS = 200;

export async function chartsBench(): Promise<Array<readonly [string, string]>> {
  return withBenchPage('packages/charts/bench', async (url, browser) => {
    const names: Record<ChartKind, string> = {
      daily: 'daily chart (90 days × 3 lines)',
      minute: 'minute chart (48 slots × 3 lines)',
    };
    const rows: Array<readonly [string, string]> = [];
    for (const kind of ['daily', 'minute'] as const) {
      // A fresh page per chart, so "cold" is the first chart React ever renders there.
      const page = await browser.newPage({ viewport: { width: 1024, height: 720 } });
      await page.goto(url);
      await page.waitForFunction(() => window.chartsBench?.ready === true);
      const mounts = await page.evaluate(
        ({ kind, count }) => Array.from({ length: count }, () => window.chartsBench.firstRender(kind)),
        { kind, count: MOUNTS },
      );
      const warm = [...mounts.slice(1)].sort((a, b) => a - b);
      // Wall clock untraced (tracing slows the page), then the same moves traced for the CPU time.
      const wallSorted = (
        await page.evaluate(({ kind, steps }) => window.chartsBench.hover(kind, steps), {
          kind,
          steps: HOVER_STEPS,
        })
      ).sort((a, b) => a - b);
      await browser.startTracing(page, { categories: ['devtools.timeline'] });
      const walls = await page.evaluate(({ kind, steps }) => window.chartsBench.hover(kind, steps), {
        kind,
        steps: HOVER_STEPS,
      });
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const hovers = hoverCpuFromTrace(trace.traceEvents, walls).sort((a, b) => a - b);
      if (hovers.length === 0) throw new Error(`${kind}: no pointermove found in the trace`);
      rows.push(
        [`${names[kind]} first render, cold`, ms(mounts[0] ?? Number.NaN)],
        [`${names[kind]} first render, p50 of ${warm.length}`, ms(quantile(warm, 0.5))],
        [`${names[kind]} hover update CPU p50`, ms(quantile(hovers, 0.5))],
        [`${names[kind]} hover update CPU p95 (budget 4 ms)`, ms(quantile(hovers, 0.95))],
        [
          `${names[kind]} hover update wall p50 / p95`,
          `${ms(quantile(wallSorted, 0.5))} / ${ms(quantile(wallSorted, 0.95))}`,
        ],
      );
      await page.close();
    }
    return rows;
  });
}

declare global {
  interface Window {
    chartsBench: {
      ready: true;
      firstRender(kind: ChartKind): number;
      hover(kind: ChartKind, steps: number): Promise<number[]>;
    };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await chartsBench()) console.log(`${name.padEnd(52)} ${value}`);
}
