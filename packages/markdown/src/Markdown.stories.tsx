import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Markdown } from './Markdown';
import { fadeEnd, fadeStart } from './Markdown.css';
import { loadKatex } from './MathTex';

const meta = {
  // Named as when it lived in the chat: the screenshot references are named by the stories' ids.
  title: 'Chat/Markdown',
  component: Markdown,
  args: { text: '' },
  decorators: [(Story) => <div style={{ maxWidth: 800 }}>{Story()}</div>],
} satisfies Meta<typeof Markdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Gfm: Story = {
  args: {
    text: [
      '## 对比',
      '',
      '| 方式 | 十年后 |',
      '| --- | ---: |',
      '| 单利 | 200 |',
      '| 复利 | 259 |',
      '',
      '- [x] 已完成',
      '- [ ] 待办',
      '',
      '~~删除线~~ 与 [外部链接](https://example.com/doc)',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // `##` sits under the page's h1 without skipping a level: an h3, with the size of an h2.
    const heading = canvas.getByRole('heading', { level: 3, name: '对比' });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveClass('md-h2');
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(2);
    await expect(canvas.getByText('删除线').tagName).toBe('DEL');
    const link = canvas.getByRole('link', { name: '外部链接' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noreferrer noopener');
  },
};

export const HighlightedCode: Story = {
  args: { text: '```ts\nconst answer: number = 42; // 注释\n```' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('ts')).toBeVisible();
    const keyword = canvasElement.querySelector('pre .hljs-keyword');
    await expect(keyword?.textContent).toBe('const');
    await expect(canvasElement.querySelector('pre .hljs-comment')?.textContent).toBe('// 注释');
    // Copying puts the code (not the language label) on the clipboard and confirms.
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied = text;
        },
      },
    });
    await userEvent.click(canvas.getByRole('button', { name: '复制代码' }));
    await waitFor(() => expect(copied).toBe('const answer: number = 42; // 注释'));
    await waitFor(() => expect(canvas.getByRole('button', { name: '已复制' })).toBeVisible());
  },
};

/** What a model may echo back from a hostile prompt: it must show as text and run nothing. */
export const HostileHtmlIsInert: Story = {
  args: {
    text: [
      '<img src=x onerror="window.__xss = 1">',
      '',
      '<script>window.__xss = 2</script>',
      '',
      '<a href="javascript:window.__xss=3">点我</a> [伪链接](javascript:alert(1))',
      '',
      '<iframe src="https://example.com"></iframe>',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The markup shows literally, as the characters the answer contained.
    await expect(canvas.getByText('<img src=x onerror="window.__xss = 1">')).toBeVisible();
    await expect(canvas.getByText('<script>window.__xss = 2</script>')).toBeVisible();
    for (const selector of ['img', 'script', 'iframe', '[onerror]', 'a[href^="javascript"]']) {
      await expect(canvasElement.querySelector(selector)).toBeNull();
    }
    const fake = canvas.getByText('伪链接');
    await expect(fake.closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    await expect((window as { __xss?: number }).__xss).toBeUndefined();
  },
};

export const StreamingUnfinished: Story = {
  args: { text: '```js\nconst a = 1\n```\n\n正在输出 **加粗文字', isStreaming: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('加粗文字').tagName).toBe('STRONG');
    await expect(canvasElement.querySelector('pre code')?.textContent).toContain('const a = 1');
  },
};

/** The name of a custom property behind a vanilla-extract variable (`var(--name)` → `--name`). */
const propertyName = (variable: string) => variable.replace(/^var\((--[^,)]+).*$/, '$1');
const fadesOf = (element: Element) => {
  const style = getComputedStyle(element);
  return [style.getPropertyValue(propertyName(fadeStart)), style.getPropertyValue(propertyName(fadeEnd))];
};

const longLine =
  "const report = await fetch('/api/reports/2026/annual-summary?include=charts,tables,appendix&lang=zh-CN').then((response) => response.json()); // 年度报告";

/**
 * A line wider than the column scrolls sideways, and an edge fades where there is more to see: at first
 * the right one; scrolled to the middle, both; at the end, the left one. A block that fits has no fade.
 */
export const WideCodeFadesAtTheEdges: Story = {
  args: { text: `\`\`\`ts\n${longLine}\nconsole.log(report);\n\`\`\`\n\n\`\`\`ts\nconst short = 1;\n\`\`\`` },
  play: async ({ canvasElement }) => {
    const [wide, short] = Array.from(canvasElement.querySelectorAll('pre'));
    if (!wide || !short) throw new Error('two code blocks expected');
    await expect(wide.scrollWidth).toBeGreaterThan(wide.clientWidth);
    await waitFor(() => expect(fadesOf(wide)).toEqual(['0px', '32px']));
    await expect(getComputedStyle(wide).maskImage).not.toBe('none');
    await expect(getComputedStyle(short).maskImage).toBe('none');
    wide.scrollLeft = 100;
    await waitFor(() => expect(fadesOf(wide)).toEqual(['32px', '32px']));
    wide.scrollLeft = wide.scrollWidth;
    await waitFor(() => expect(fadesOf(wide)).toEqual(['32px', '0px']));
    wide.scrollLeft = 0;
  },
};

/** A narrow table is as wide as its content, not stretched over the whole column. */
export const NarrowTableTakesItsWidth: Story = {
  args: {
    text: ['| 指标 | 数值 |', '| --- | ---: |', '| 市盈率 | 12.5 |', '| 股息率 | 3.2% |'].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const table = canvasElement.querySelector('table');
    if (!table) throw new Error('a table expected');
    await expect(table.getBoundingClientRect().width).toBeLessThan(300);
    await expect(getComputedStyle(table.parentElement as HTMLElement).maskImage).toBe('none');
  },
};

const wideTable = [
  '| 代码 | 名称 | 最新价 | 涨跌幅 | 成交额（亿元） | 换手率 | 量比 | 振幅 | 市盈率 | 总市值（亿元） | 所属行业 | 连板数 | 首次封板时间 |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |',
  '| 600519 | 贵州茅台 | 1520.00 | +1.25% | 45.67 | 0.36% | 1.02 | 2.10% | 22.10 | 19094.35 | 白酒 | 0 | — |',
  '| 000001 | 平安银行 | 11.32 | -0.44% | 12.08 | 0.52% | 0.87 | 1.33% | 4.80 | 2196.71 | 银行 | 0 | — |',
  '| 300750 | 宁德时代 | 245.60 | +10.00% | 98.31 | 1.87% | 2.45 | 11.20% | 25.40 | 10802.88 | 电池 | 2 | 09:35:12 |',
].join('\n');

/** A table wider than the column scrolls, with the same fading edge as code; its frame takes the focus ring. */
export const WideTableScrolls: Story = {
  args: { text: wideTable },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scroller = canvasElement.querySelector('table')?.parentElement;
    if (!scroller) throw new Error('a table expected');
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    await expect(scroller.getBoundingClientRect().width).toBeLessThanOrEqual(800);
    // Short values stay on one line rather than squeezing into a column a character or two wide.
    const name = canvas.getByRole('cell', { name: '贵州茅台' });
    await expect(name.getBoundingClientRect().height).toBeLessThan(40);
    await waitFor(() => expect(fadesOf(scroller)).toEqual(['0px', '32px']));
    await userEvent.tab();
    await expect(scroller).toHaveFocus();
    scroller.scrollLeft = 120;
    await waitFor(() => expect(fadesOf(scroller)).toEqual(['32px', '32px']));
  },
};

const xss = () => (window as { __xss?: number }).__xss;

/** KaTeX loaded before the story renders, so its screenshot shows the typeset formulas. */
const withKatex = [async () => ({ katex: await loadKatex() })];

/** Inline and display maths are typeset by KaTeX (loaded on demand, with its stylesheet); prices stay text. */
export const Maths: Story = {
  loaders: withKatex,
  args: {
    text: [
      '质能方程 $E=mc^2$ 与 \\(a^2+b^2=c^2\\)，门票 $5 and $10 不是公式。',
      '',
      '$$',
      '\\int_0^1 x^2\\,dx = \\frac{1}{3}',
      '$$',
      '',
      '\\[ \\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6} \\]',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.katex')).toHaveLength(4));
    await expect(canvasElement.querySelectorAll('.katex-display')).toHaveLength(2);
    // The fonts arrived before the formulas were set: none is drawn blank, then laid out again.
    for (const face of ['1em KaTeX_Main', 'italic 1em KaTeX_Math', '1em KaTeX_Size2']) {
      await expect(document.fonts.check(face), face).toBe(true);
    }
    // KaTeX's stylesheet and fonts came with it: the formula is set in KaTeX's own font.
    const glyph = canvasElement.querySelector('.katex .mord') as HTMLElement;
    await waitFor(() => expect(getComputedStyle(glyph).fontFamily).toMatch(/KaTeX/));
    // MathML for screen readers.
    await expect(canvasElement.querySelector('.katex math annotation')?.textContent).toBe('E=mc^2');
    await expect(within(canvasElement).getByText(/门票 \$5 and \$10 不是公式/)).toBeVisible();
    // Formulas follow the theme's text colour.
    const color = getComputedStyle(canvasElement.querySelector('.katex') as HTMLElement).color;
    await expect(color).toBe(getComputedStyle(canvasElement.querySelector('p') as HTMLElement).color);
  },
};

/** KaTeX runs with trust off: links, HTML classes and the chat's HTML payloads inside maths do nothing. */
export const HostileMathsIsInert: Story = {
  loaders: withKatex,
  args: {
    text: [
      '$\\href{javascript:window.__xss=4}{点我}$ 与 $\\url{javascript:window.__xss=5}$',
      '',
      '$\\htmlClass{hacked}{x}$ $\\htmlStyle{background:red}{y}$ $\\htmlId{hacked-id}{z}$',
      '',
      '$$',
      '<img src=x onerror="window.__xss = 6"> <script>window.__xss = 7</script>',
      '$$',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(5));
    for (const selector of ['a', 'img', 'script', '[onerror]', '.hacked', '#hacked-id', '[style*="red"]']) {
      await expect(canvasElement.querySelector(selector)).toBeNull();
    }
    // The refused commands show as errors in the formula, not as working markup.
    await expect(canvasElement.querySelector('.katex-error, [title^="ParseError"]')).not.toBeNull();
    await expect(xss()).toBeUndefined();
  },
};

const flowchart = [
  '```mermaid',
  'graph TD',
  '  A[开始] --> B{是否盈利}',
  '  B -->|是| C[继续持有]',
  '  B -->|否| D[止损]',
  '```',
].join('\n');

/** The SVG document a drawn diagram shows as an image (mermaidImage.ts). */
function diagramDocument(figure: HTMLElement) {
  const src = figure.querySelector('img')?.getAttribute('src') ?? '';
  return decodeURIComponent(src.slice(src.indexOf(',') + 1));
}

/**
 * A Mermaid block is drawn as a diagram (Mermaid loaded on demand), shown as an image of its SVG so that
 * its styles hold under the server's Content-Security-Policy; themed, with its source copyable.
 */
export const MermaidDiagram: Story = {
  // Drawn asynchronously after the first paint: compared by its play function, not by a screenshot.
  tags: ['!vrt'],
  args: { text: `流程如下：\n\n${flowchart}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figure = await canvas.findByRole('figure', { name: 'Mermaid 图表' }, { timeout: 15_000 });
    const image = within(figure).getByRole('img');
    await expect(image).toHaveAccessibleName(/继续持有/);
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(canvas.getByRole('button', { name: '复制图表源码' })).toBeVisible();
    // Labels are SVG text, not HTML in foreignObject; its styles travel inside the image.
    const svg = diagramDocument(figure);
    await expect(svg).not.toContain('foreignObject');
    await expect(svg).toContain('继续持有');
    await expect(svg).toMatch(/<style>/);
    // Drawn in the theme's colours: dark nodes on a dark page, light ones on a light page. The SVG is
    // laid out for a moment in a detached copy to read them (Storybook sends no policy).
    const probe = document.createElement('div');
    probe.innerHTML = svg;
    document.body.append(probe);
    const dark = document.documentElement.getAttribute('data-theme') === 'dark';
    const node = probe.querySelector('.node rect, .node polygon') as SVGElement;
    const fill = getComputedStyle(node).fill.match(/\d+/g)?.slice(0, 3).map(Number) ?? [];
    probe.remove();
    const lightness = fill.reduce((sum, c) => sum + c, 0) / 3;
    await expect(dark ? lightness < 128 : lightness > 128).toBe(true);
  },
};

/** An invalid diagram shows its source as code, with a short note. */
export const InvalidMermaidShowsCode: Story = {
  // Drawn asynchronously after the first paint: compared by its play function, not by a screenshot.
  tags: ['!vrt'],
  args: { text: '```mermaid\ngraph TD\n  A --> \n  这不是 --> -->> 合法的图 ]]\n```' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('note', {}, { timeout: 15_000 })).toHaveTextContent(
      '这段 Mermaid 图表有误',
    );
    await expect(canvasElement.querySelector('pre code')?.textContent).toContain('这不是');
    await expect(canvasElement.querySelector('figure svg')).toBeNull();
  },
};

/** Hostile labels, links, click callbacks and a directive loosening security: drawn, but inert. */
export const HostileMermaidIsInert: Story = {
  // Drawn asynchronously after the first paint: compared by its play function, not by a screenshot.
  tags: ['!vrt'],
  args: {
    text: [
      '```mermaid',
      '%%{init: {"securityLevel": "loose", "htmlLabels": true, "flowchart": {"htmlLabels": true}}}%%',
      'graph TD',
      '  A["<img src=x onerror=window.__xss=8>"] --> B["<script>window.__xss=9</script>"]',
      '  B --> C[点我]',
      '  click C callback "回调"',
      '  click B "javascript:window.__xss=10"',
      '  click A href "javascript:window.__xss=11"',
      '```',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figure = await canvas.findByRole('figure', { name: 'Mermaid 图表' }, { timeout: 15_000 });
    // The page holds only the image; the diagram's own document holds none of the payloads either.
    await expect(figure.querySelectorAll('img')).toHaveLength(1);
    await expect(figure.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const svg = new DOMParser().parseFromString(diagramDocument(figure), 'image/svg+xml');
    const payloads = ['script', 'foreignObject', '[onerror]', '[onclick]', '[*|href^="javascript"]'];
    for (const selector of payloads) {
      await expect(figure.querySelector(selector)).toBeNull();
      await expect(svg.querySelector(selector)).toBeNull();
    }
    await expect(svg.querySelector('img, image')).toBeNull();
    await userEvent.click(figure.querySelector('img') as HTMLElement);
    await expect(xss()).toBeUndefined();
  },
};

/** While streaming, a diagram is shown as code until its closing fence arrives. */
export const StreamingMermaidWaitsForItsFence: Story = {
  args: { text: flowchart.split('\n').slice(0, 4).join('\n'), isStreaming: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('pre code')?.textContent).toContain('A[开始]');
    await expect(canvasElement.querySelector('figure')).toBeNull();
  },
};

/** Once its closing `$$` is in, the formula is typeset, though the answer is still streaming. */
export const StreamingDisplayMathClosed: Story = {
  loaders: withKatex,
  args: { text: '$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$', isStreaming: true },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.katex-display')).toHaveLength(1));
    await expect(canvasElement.querySelector('pre')).toBeNull();
  },
};

/**
 * A display formula still arriving shows as its source, not as KaTeX's half-typeset error (typesetting
 * every partial formula, frame after frame, was also what made a maths answer's streaming frames slow).
 */
export const StreamingDisplayMathOpen: Story = {
  loaders: withKatex,
  args: { text: '推导如下：\n\n$$\n\\int_0^1 x^2\\,dx = \\frac{1', isStreaming: true },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('pre code')?.textContent).toContain('\\int_0^1'));
    await expect(canvasElement.querySelector('.katex')).toBeNull();
  },
};

/** Inline: the closed formulas are typeset, the one still arriving shows as its source. */
export const StreamingInlineMathOpen: Story = {
  loaders: withKatex,
  args: { text: '设本金为 $P$，每年复利 $m$ 次，终值为 $P\\left(1 + \\frac{r}{m', isStreaming: true },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.katex')).toHaveLength(2));
    // Its source shows as it arrives, as text.
    await expect(canvasElement.textContent).toContain('$P\\left(1 + \\frac{r}{m');
  },
};

/** A stopped answer that ended inside a table or a code fence shows them as far as they went. */
export const StoppedInsideTableOrFence: Story = {
  args: {
    text: ['前面的回答。', '', '| 项目 | 金额 |', '| --'].join('\n'),
    status: 'stopped',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: '项目' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: '金额' })).toBeVisible();
    await expect(canvas.queryByText(/\|/)).toBeNull();
  },
};

export const StoppedInsideFence: Story = {
  args: {
    text: ['代码如下：', '', '```python', 'rows = [', '  "| 项目 | 金额 |",', '  **粗体'].join('\n'),
    status: 'stopped',
  },
  play: async ({ canvasElement }) => {
    const code = canvasElement.querySelector('pre code');
    await expect(code?.textContent).toContain('"| 项目 | 金额 |",');
    // Inside code nothing is closed or completed: it is shown as written.
    await expect(code?.textContent).toContain('**粗体');
    await expect(canvasElement.querySelector('table, strong')).toBeNull();
  },
};
