/**
 * @wanxiang/editor in Debian Chromium, on a 100-page Chinese document (~100,000 characters with headings,
 * lists, tables and images), from a production Vite build of packages/editor/bench:
 * - opening: mount on the stored snapshot to the first paint of its content (budget < 1 s), in 页面视图
 *   (as documents open: to the first paint of the sheets in view) and in 连续视图 (budget: page view within
 *   1.5×); in page view also to every sheet laid out (the ones below the screen when the browser is idle);
 * - typing: each character's beforeinput to the next painted frame (budget p95 < 16 ms), in page view;
 * - the same two figures for a bare Lexical rich-text editor with the same content, in the same run
 *   (budget: ours within 1.3× of it);
 * - a paste of 20 pages at the top in page view (the caret left after it, in view): the update to the next
 *   painted frame, with the sheets in view laid out again (budget < 100 ms), and to the frame after every
 *   sheet below them is.
 */
import { ms, withBenchPage } from './browser';
import { quantile } from './stats';

type EditorKind = 'ours' | 'continuous' | 'bare';

/** Rounds of (open, then type) per editor; each round opens a fresh page. */
const ROUNDS = 5;
const TYPED = '万象文档编辑器的输入延迟测试，每一个字都要在下一帧画出来。'.repeat(4);
const KEY_DELAY_MS = 40;

const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

export async function editorBench(): Promise<Array<readonly [string, string]>> {
  // Unthrottled frames: a frame starts as soon as there is something to paint, so key→paint measures the
  // editor's work (script, style, layout, paint) rather than the wait for the next 60 Hz vsync.
  return withBenchPage(
    'packages/editor/bench',
    async (url, browser) => {
      // Rounds alternate bare and ours, so that a slower minute of the machine weighs on both alike.
      const runs = {
        bare: { opens: [] as number[], samples: [] as number[], slow: 0, chars: 0 },
        ours: { opens: [] as number[], samples: [] as number[], slow: 0, chars: 0 },
        continuous: { opens: [] as number[], samples: [] as number[], slow: 0, chars: 0 },
      };
      const pastes: Array<{ ms: number; all: number; sheets: number; before: number }> = [];
      /** Ours: from mounting to every sheet laid out (the ones below the screen when the browser is idle). */
      const allSheets: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const kind of ['bare', 'ours', 'continuous'] as const) {
          const run = runs[kind];
          // A fresh page each time: a cold open, as when the user follows a link to the document.
          const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
          await page.goto(url);
          await page.waitForFunction(() => window.editorBench?.ready === true);
          run.opens.push(await page.evaluate((k) => window.editorBench.open(k), kind));
          run.chars = await page.evaluate(() => window.editorBench.chars);
          if (kind === 'ours') allSheets.push(await page.evaluate(() => window.editorBench.allSheets()));
          if (kind === 'continuous') {
            // Its open is the figure wanted; typing in it is the page view's without the sheets.
            await page.close();
            continue;
          }
          await page.evaluate(() => window.editorBench.placeCaret());
          // Warm-up: the first keystrokes compile code paths; they are not what typing feels like.
          await page.keyboard.type('预热', { delay: KEY_DELAY_MS });
          await page.waitForTimeout(300);
          await page.evaluate(() => window.editorBench.resetSamples());
          await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
          await page.waitForTimeout(1500);
          run.samples.push(...(await page.evaluate(() => window.editorBench.samples())));
          run.slow += (await page.evaluate(() => window.editorBench.slowInputs())).length;
          if (kind === 'ours') pastes.push(await page.evaluate(() => window.editorBench.pasteAtTop()));
          await page.close();
        }
      }
      const summary = (kind: EditorKind) => {
        const run = runs[kind];
        const samples = [...run.samples].sort((x, y) => x - y);
        return {
          open: median(run.opens),
          p50: quantile(samples, 0.5),
          p95: quantile(samples, 0.95),
          max: samples.at(-1) ?? Number.NaN,
          n: samples.length,
          chars: run.chars,
          slow: run.slow,
        };
      };
      const results = { ours: summary('ours'), bare: summary('bare'), continuous: summary('continuous') };
      const ours = results.ours;
      const bare = results.bare;
      const paste = median(pastes.map((p) => p.ms));
      const pasteAll = median(pastes.map((p) => p.all));
      const sheets = pastes[0];
      return [
        ['document', `${ours.chars.toLocaleString('en-US')} chars, 100 pages`],
        [`open, median of ${ROUNDS} (ours, 页面视图)`, ms(ours.open)],
        [`open, median of ${ROUNDS} (ours, 连续视图)`, ms(results.continuous.open)],
        [`open, median of ${ROUNDS} (bare Lexical)`, ms(bare.open)],
        ['open ratio page view / continuous', `${(ours.open / results.continuous.open).toFixed(2)}×`],
        [`open to every sheet laid out, median of ${ROUNDS} (ours, 页面视图)`, ms(median(allSheets))],
        ['open ratio ours / bare', `${(ours.open / bare.open).toFixed(2)}×`],
        [
          `paste of 20 pages at the top, to the sheets in view painted (median of ${pastes.length})`,
          `${ms(paste)} (${sheets?.before ?? '?'} → ${sheets?.sheets ?? '?'} sheets)`,
        ],
        ['paste of 20 pages at the top, to every sheet laid out and painted', ms(pasteAll)],
        [`typing key→paint p50 (ours, ${ours.n} keys)`, ms(ours.p50)],
        ['typing key→paint p95 (ours)', ms(ours.p95)],
        ['typing key→paint max (ours)', ms(ours.max)],
        [`typing key→paint p50 (bare Lexical, ${bare.n} keys)`, ms(bare.p50)],
        ['typing key→paint p95 (bare Lexical)', ms(bare.p95)],
        ['typing p95 ratio ours / bare', `${(ours.p95 / bare.p95).toFixed(2)}×`],
        // Event Timing (the browser's key-to-next-paint, as INP measures it) reports only events ≥ 16 ms.
        [
          'keys ≥ 16 ms by Event Timing (ours)',
          `${ours.slow} of ${ours.n} (${((100 * ours.slow) / ours.n).toFixed(1)}%)`,
        ],
        [
          'keys ≥ 16 ms by Event Timing (bare Lexical)',
          `${bare.slow} of ${bare.n} (${((100 * bare.slow) / bare.n).toFixed(1)}%)`,
        ],
      ];
    },
    ['--disable-gpu-vsync', '--disable-frame-rate-limit'],
  );
}

declare global {
  interface Window {
    editorBench: {
      ready: true;
      chars: number;
      open(kind: EditorKind, small?: boolean): Promise<number>;
      allSheets(): Promise<number>;
      placeCaret(): Promise<void>;
      pasteAtTop(): Promise<{ ms: number; all: number; sheets: number; before: number }>;
      resetSamples(): void;
      slowInputs(): number[];
      samples(): number[];
      text(): number;
    };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await editorBench()) console.log(`${name.padEnd(52)} ${value}`);
}
