import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, type Session, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/*
 * What the answer renderer draws on the real server, under its real Content-Security-Policy: Storybook
 * sends no such header, so only here does a renderer that needs an inline style show its breakage. The
 * offline model quotes the prompt in its Markdown answer, so the prompt is the content to draw.
 */

const PROMPT = [
  '质能方程 $E=mc^2$，以及积分',
  '',
  '$$',
  '\\int_0^1 \\frac{a}{b}\\,dx',
  '$$',
  '',
  // Tall enough for KaTeX to stack the parentheses from pieces, which it sizes with a style attribute.
  '$$',
  '\\left(\\begin{matrix}x\\\\y\\\\z\\\\w\\end{matrix}\\right)',
  '$$',
  '',
  '```mermaid',
  'flowchart LR',
  '  A[开始] --> B[结束]',
  '```',
].join('\n');

/** Sends `prompt` in a new chat and resolves with the finished answer. */
async function ask(session: Session, prompt: string) {
  const { page } = session;
  const input = page.getByRole('textbox', { name: '输入消息' });
  await input.fill(prompt);
  await input.press('Enter');
  await expect
    .poll(() => page.getByRole('button', { name: '发送' }).isVisible(), { timeout: 60_000 })
    .toBe(true);
  const answer = page.getByRole('article', { name: 'AI 助手' }).last();
  await expect.poll(() => answer.getByText(/^消耗 \d+ 积分$/).isVisible()).toBe(true);
  return answer;
}

type Box = { top: number; bottom: number; height: number };

/** The boxes of a formula's glyphs (KaTeX's visible HTML, not its MathML) that read exactly `text`. */
function glyphs(formula: Locator, text: string): Promise<Box[]> {
  return formula.evaluate((root, wanted) => {
    const leaves = Array.from(root.querySelectorAll('.katex-html span')).filter(
      (span) => span.childElementCount === 0 && span.textContent === wanted,
    );
    return leaves.map((leaf) => {
      const { top, bottom, height } = leaf.getBoundingClientRect();
      return { top, bottom, height };
    });
  }, text);
}

async function glyph(formula: Locator, text: string): Promise<Box> {
  const found = await glyphs(formula, text);
  expect(found, `the glyph ${text}`).toHaveLength(1);
  return found[0] as Box;
}

async function expectTypesetMaths(answer: Locator) {
  // Inline E=mc²: the exponent sits well above the letter's baseline.
  const inline = answer.locator('.katex').filter({ hasText: 'E=mc' }).first();
  await expect.poll(() => inline.locator('.katex-html').count(), { timeout: 20_000 }).toBe(1);
  const c = await glyph(inline, 'c');
  const two = await glyph(inline, '2');
  expect(two.bottom, 'the superscript is raised').toBeLessThan(c.bottom - c.height * 0.25);

  // Display integral: the upper limit above the lower one, the numerator above the denominator.
  const display = answer.locator('.katex-display').first();
  await expect.poll(() => display.locator('.katex-html').count()).toBe(1);
  const upper = await glyph(display, '1');
  const lower = await glyph(display, '0');
  expect(upper.bottom, 'the upper limit is above the lower one').toBeLessThan(lower.top);
  const numerator = await glyph(display, 'a');
  const denominator = await glyph(display, 'b');
  expect(numerator.bottom, 'the numerator is above the denominator').toBeLessThanOrEqual(denominator.top + 1);
}

/** WCAG's contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The diagram is an image of its own SVG document: its labels are SVG text inside their boxes, in a
 * colour that reads against the box's fill. The SVG is opened alone in a page of its own to read them.
 */
async function expectDrawnDiagram(page: Page, answer: Locator) {
  const figure = answer.getByRole('figure', { name: 'Mermaid 图表' });
  const image = figure.getByRole('img');
  await expect.poll(() => image.count(), { timeout: 20_000 }).toBe(1);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const shown = await image.boundingBox();
  expect(shown?.width).toBeGreaterThan(100);
  expect(shown?.height).toBeGreaterThan(20);
  expect(await image.getAttribute('alt')).toContain('开始');

  const src = (await image.getAttribute('src')) ?? '';
  const svg = src.startsWith('data:image/svg+xml')
    ? decodeURIComponent(src.slice(src.indexOf(',') + 1))
    : await (await page.request.get(src)).text();
  const alone = await page.context().newPage();
  try {
    await alone.setContent(svg);
    const nodes = await alone.evaluate(() =>
      Array.from(document.querySelectorAll('g.node')).map((node) => {
        const shape = node.querySelector('rect, polygon, path, circle') as SVGGraphicsElement;
        const text = node.querySelector('text') as SVGTextElement | null;
        const label = (text?.querySelector('tspan') ?? text) as SVGGraphicsElement | null;
        const inside = (inner: DOMRect, outer: DOMRect) =>
          inner.left >= outer.left - 1 &&
          inner.right <= outer.right + 1 &&
          inner.top >= outer.top - 1 &&
          inner.bottom <= outer.bottom + 1;
        return {
          text: text?.textContent?.trim() ?? '',
          foreign: node.querySelector('foreignObject') !== null,
          fill: getComputedStyle(shape).fill,
          color: label ? getComputedStyle(label).fill : '',
          fits: !!text && inside(text.getBoundingClientRect(), shape.getBoundingClientRect()),
        };
      }),
    );
    expect(nodes.map((n) => n.text).sort()).toEqual(['开始', '结束']);
    for (const node of nodes) {
      expect(node.foreign, `${node.text} is SVG text`).toBe(false);
      expect(node.fits, `${node.text} fits its box`).toBe(true);
      expect(
        contrast(node.color, node.fill),
        `${node.text}: ${node.color} on ${node.fill}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  } finally {
    await alone.close();
  }
}

/**
 * The answer's code example (the offline model's, a line of Python) is highlighted: strings and numbers in
 * colours of their own, from the app's stylesheet.
 */
async function expectHighlightedCode(answer: Locator) {
  const code = answer.locator('pre code').filter({ hasText: 'print' });
  const colours = await code.evaluate((element) => {
    const colour = (selector: string) => {
      const found = element.querySelector(selector);
      return found ? getComputedStyle(found).color : null;
    };
    return {
      text: getComputedStyle(element).color,
      string: colour('.hljs-string'),
      number: colour('.hljs-number'),
    };
  });
  expect(colours.string).not.toBeNull();
  expect(colours.number).not.toBeNull();
  expect(new Set([colours.text, colours.string, colours.number]).size, JSON.stringify(colours)).toBe(3);
}

/** The self-hosted faces the answer uses came from the server: the CJK text face and KaTeX's. */
async function expectFonts(page: Page) {
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return Array.from(document.fonts)
      .filter((face) => face.status === 'loaded')
      .map((face) => face.family.replace(/["']/g, ''));
  });
  expect(loaded).toContain('Noto Sans SC Variable');
  expect(loaded).toEqual(expect.arrayContaining(['KaTeX_Main', 'KaTeX_Math']));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`an answer's maths, diagram, highlighted code and fonts are drawn under the page's policy (${colorScheme})`, async () => {
    const session = await openSession({ colorScheme });
    const { page } = session;
    await signUpAndSignIn(session, { prefix: `render-${colorScheme}` });
    const answer = await ask(session, PROMPT);
    await expectTypesetMaths(answer);
    await expectDrawnDiagram(page, answer);
    await expectHighlightedCode(answer);
    await expectFonts(page);
    await expectAccessible(page);
    await session.close();
  });
}
