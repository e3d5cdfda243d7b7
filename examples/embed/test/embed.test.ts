import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../vite.shared';

/** What the example puts on window for its tests (src/main.tsx). */
interface Probe {
  saves: string[];
  editor: { getContent(): unknown; save(): Promise<void> } | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
});
afterAll(() => browser?.close());

async function open(options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(inject('embedURL'));
  await expect
    .poll(() => page.getByRole('textbox', { name: '文档正文' }).textContent())
    .toContain('会议纪要');
  await page.waitForFunction(() => (window as unknown as { embed: Probe }).embed.editor !== null);
  return page;
}

const saves = (page: Page) => page.evaluate(() => (window as unknown as { embed: Probe }).embed.saves);
const saveNow = (page: Page) =>
  page.evaluate(() => (window as unknown as { embed: Probe }).embed.editor?.save());

describe('another app embedding the packed packages', () => {
  it('opens a document without saving it, saves after an edit, and gives the content back on demand', async () => {
    const page = await open();
    // Saving now writes pending edits only: having opened the note, there are none.
    await saveNow(page);
    expect(await saves(page)).toEqual([]);

    await page.getByText('讨论了').click();
    await page.keyboard.press('End');
    await page.keyboard.type('下周上线');
    await expect
      .poll(() =>
        page.evaluate(() =>
          JSON.stringify((window as unknown as { embed: Probe }).embed.editor?.getContent()),
        ),
      )
      .toContain('下周上线');
    await saveNow(page);
    const saved = await saves(page);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toBe('# 会议纪要\n\n讨论了**发布**计划。下周上线\n');
    await page.context().close();
  });

  it('draws the chart', async () => {
    const page = await open();
    const chart = page.getByRole('application');
    await expect.poll(() => chart.locator('svg path[d]').count()).toBeGreaterThan(0);
    // The value line through the five days: a path with a point for each.
    const paths = await chart
      .locator('svg path[d]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('d') ?? ''));
    expect(Math.max(...paths.map((d) => (d.match(/[ML]/g) ?? []).length))).toBeGreaterThanOrEqual(5);
    await page.context().close();
  });

  it('leaves the host page its own look in a dark OS', async () => {
    const page = await open({ colorScheme: 'dark' });
    const look = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
      return {
        body: style('body').backgroundColor,
        html: style('html').backgroundColor,
        bodyMargin: style('body').margin,
        h1Margin: style('h1').marginBlockStart,
        boxSizing: style('main').boxSizing,
      };
    });
    expect(look).toEqual({
      body: 'rgb(250, 245, 230)',
      html: 'rgba(0, 0, 0, 0)',
      bodyMargin: '8px',
      h1Margin: '21.44px',
      boxSizing: 'content-box',
    });
    await page.context().close();
  });

  it('shows the menus and dialogs of an editor in a dark part of a light page in the dark theme', async () => {
    const page = await open();
    /** The theme's raised surface as a given theme draws it, read from a probe element. */
    const raised = (theme: 'light' | 'dark') =>
      page.evaluate((name) => {
        const probe = document.createElement('div');
        probe.dataset.theme = name;
        probe.style.background = 'var(--wx-color-bg-raised)';
        document.body.append(probe);
        const color = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return color;
      }, theme);
    const dark = await raised('dark');
    expect(dark).not.toBe(await raised('light'));
    const background = (selector: string) =>
      page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);

    // The 格式 menu: portalled to <body>, outside the dark part, and dark all the same.
    await page.getByRole('menuitem', { name: '格式', exact: true }).click();
    const menu = page.getByRole('menu', { name: '格式' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.evaluate((element) => element.closest('.editor-box'))).toBeNull();
    await expect.poll(() => background('[data-placement]:has([role="menu"])')).toBe(dark);

    // A dialog opened from it, once the menu has closed: its modal is dark too, and so is its text.
    await menu.getByRole('menuitem', { name: '字体…' }).click();
    const dialog = page.getByRole('dialog', { name: '字体' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect
      .poll(() =>
        dialog.evaluate((element) => getComputedStyle(element.parentElement as Element).backgroundColor),
      )
      .toBe(dark);
    const text = await dialog.evaluate((element) => getComputedStyle(element).color);
    const [r = 0, g = 0, b = 0] = (text.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b).toBeGreaterThan(3 * 180);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // The page around the editor keeps its own light look.
    expect(await background('body')).toBe('rgb(250, 245, 230)');
    await page.context().close();
  });

  for (const width of [1280, 800, 390]) {
    it(`fits the editor in its container (${width} px wide window)`, async () => {
      const page = await open({ width });
      const fit = await page.evaluate(() => {
        const box = document.querySelector('.editor-box') as HTMLElement;
        const editor = box.firstElementChild as HTMLElement;
        const stage = box.querySelector('[data-wx-stage]') as HTMLElement;
        return {
          box: box.clientWidth,
          editor: editor.getBoundingClientRect().width,
          stageOverflow: stage.scrollWidth - stage.clientWidth,
          pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      expect(fit.editor).toBeLessThanOrEqual(fit.box);
      expect(fit.stageOverflow).toBeLessThanOrEqual(0);
      expect(fit.pageOverflow).toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }
});

describe('a page with the charts alone and ui’s CSS in parts', () => {
  it('draws the chart, and the error state with its alert and retry button styled', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(new URL('charts.html', inject('embedURL')).href);
    const chart = page.getByRole('application').first();
    await expect.poll(() => chart.locator('svg path[d]').count()).toBeGreaterThan(0);

    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('获取情绪指标数据失败');
    const look = await alert.evaluate((element) => {
      const style = getComputedStyle(element);
      const retry = getComputedStyle(element.querySelector('button') as Element);
      return {
        display: style.display,
        background: style.backgroundColor,
        text: style.color,
        retryRadius: retry.borderTopLeftRadius,
      };
    });
    // alert.css and button.css drew them (a flex row on a tinted surface, a rounded button)…
    expect(look.display).toBe('flex');
    expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.retryRadius).not.toBe('0px');
    // …in the dark theme of the part that holds this chart (tokens.css): light text.
    const [r = 0, g = 0, b = 0] = (look.text.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b).toBeGreaterThan(3 * 150);

    await page.getByRole('button', { name: '重试' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /重试 1 次/ }).count()).toBe(1);
    await context.close();
  });
});

/** Every stylesheet a package publishes, as installed from its tarball. */
function publishedCss(name: string): { file: string; css: string }[] {
  const dist = path.join(inject('embedDir'), 'node_modules', '@wanxiang', name, 'dist');
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({
      file: `@wanxiang/${name}/dist/${file}`,
      css: readFileSync(path.join(dist, file), 'utf8'),
    }));
}

const declared = (css: string) => new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1] ?? ''));
const referenced = (css: string) => new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1] ?? ''));
/** A vanilla-extract identifier: a prefix and a hash (`--wx-15p5hd0`, `--wx-editor-1x2y3z4`). */
const hashNamed = (name: string) =>
  /^--wx-(?:editor-|charts-|markdown-)?(?=[a-z]*\d)[a-z0-9]{5,}$/.test(name);

/**
 * Custom properties the editor's script measures and sets on its own elements, read by its stylesheet: the
 * chrome's height, the on-screen keyboard and the dock; the document's page size and margins (on the
 * paper's row, pages/PagesPlugin.tsx); the page view's gaps in a block and a moved block's own margin
 * (pageView/pageLayout.ts), a table's cut between two sheets (pageView/tableCut.ts), the page view's
 * zoom (pageView/useZoom.ts), a footnote's first-line indent at its sheet's foot
 * (pageView/PageViewPlugin.tsx) and the height of a block not rendered yet (pageView/pageLayout.ts).
 */
const SET_BY_EDITOR_SCRIPT = new Set([
  '--wx-chrome-h',
  '--wx-keyboard-inset',
  '--wx-dock-clearance',
  '--wx-page-w',
  '--wx-page-h',
  ...['top', 'bottom', 'left', 'right'].flatMap((side) => [`--wx-margin-${side}`, `--wx-margin-${side}-pct`]),
  '--wx-page-gap-h',
  '--wx-page-gap-shape',
  '--wx-page-natural-mt',
  '--wx-page-cut-h',
  '--wx-page-cut-clip',
  '--wx-zoom',
  '--wx-note-indent',
  '--wx-page-block-h',
]);

describe('the published stylesheets', () => {
  it('reference no hash-named custom property of another package: only ui’s documented theme names', () => {
    const ui = publishedCss('ui');
    const theme = new Set(ui.flatMap(({ css }) => [...declared(css)]));
    expect([...theme].filter(hashNamed)).toEqual([]);
    expect(theme).toContain('--wx-color-text-primary');
    const foreign = ['ui', 'markdown', 'editor', 'charts'].flatMap((name) =>
      publishedCss(name).flatMap(({ file, css }) => {
        const own = declared(css);
        return (
          [...referenced(css)]
            // Ours only (react-aria sets its own, --trigger-width), and none the file declares itself.
            .filter((variable) => variable.startsWith('--wx-') && !own.has(variable))
            .filter((variable) => hashNamed(variable) || !theme.has(variable))
            // The editor's own (SET_BY_EDITOR_SCRIPT) are set by its script on its own elements.
            .filter((variable) => !SET_BY_EDITOR_SCRIPT.has(variable))
            .map((variable) => `${file}: ${variable}`)
        );
      }),
    );
    expect(foreign).toEqual([]);
  });
});

describe('ui’s CSS in parts', () => {
  it('lists in the README what each part needs before it, as the published parts.json says', () => {
    const parts: Record<string, string[]> = JSON.parse(
      readFileSync(path.join(inject('embedDir'), 'node_modules/@wanxiang/ui/dist/css/parts.json'), 'utf8'),
    );
    const repo = path.resolve(import.meta.dirname, '../../..');
    const readme = readFileSync(path.join(repo, 'packages/ui/README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| part '), readme.indexOf('every other component'));
    const listed: Record<string, string[]> = {};
    for (const row of table.split('\n').slice(2)) {
      const [names = '', needs = ''] = row.split('|').slice(1, 3);
      const ticked = (cell: string) => [...cell.matchAll(/`([\w-]+)`/g)].map((m) => m[1] ?? '');
      for (const name of ticked(names)) listed[name] = ticked(needs);
    }
    const needing = Object.fromEntries(Object.entries(parts).filter(([, needs]) => needs.length > 0));
    expect(listed).toEqual(needing);
  });
});

describe('the editor’s README', () => {
  it('shows this example as it is tested', () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    const readme = readFileSync(path.join(repo, 'packages/editor/README.md'), 'utf8');
    const marker = '<!-- example: examples/embed/src/NotesEditor.tsx -->\n```tsx\n';
    const start = readme.indexOf(marker);
    expect(start).toBeGreaterThan(-1);
    const block = readme.slice(start + marker.length, readme.indexOf('```', start + marker.length));
    expect(block).toBe(readFileSync(path.join(repo, 'examples/embed/src/NotesEditor.tsx'), 'utf8'));
  });
});
