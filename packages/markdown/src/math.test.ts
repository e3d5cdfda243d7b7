import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { describe, expect, it, test } from 'vitest';
import { isDisplayMathClosed, isDollarMath, normalizeMathDelimiters, remarkMathRules } from './math';

const render = (markdown: string) =>
  renderToStaticMarkup(
    createElement(
      ReactMarkdown,
      { remarkPlugins: [remarkGfm, remarkMath, remarkMathRules] },
      normalizeMathDelimiters(markdown),
    ),
  );
const inline = (tex: string) => `<code class="language-math math-inline">${tex}</code>`;
const display = (tex: string) => `<pre><code class="language-math math-display">${tex}</code></pre>`;

describe('maths in an answer', () => {
  test('single and double dollars, inline and as a block', () => {
    expect(render('质能方程 $E=mc^2$，其中')).toBe(`<p>质能方程 ${inline('E=mc^2')}，其中</p>`);
    expect(render('$$\n\\int_0^1 x\\,dx\n$$')).toBe(display('\\int_0^1 x\\,dx'));
    expect(render('求和 $$\\sum_i x_i$$ 即可')).toContain(inline('\\sum_i x_i'));
  });

  test('prices are not maths', () => {
    expect(render('门票 $5 and $10，两张')).toBe('<p>门票 $5 and $10，两张</p>');
    expect(render('costs $5, or $10.')).toBe('<p>costs $5, or $10.</p>');
    expect(render('from $5/$10 a month')).toBe('<p>from $5/$10 a month</p>');
    expect(render('价格 $ 5 $ 元')).toBe('<p>价格 $ 5 $ 元</p>');
    // A price next to a formula does not swallow it.
    expect(render('$10 and $20 and $x$')).toContain(inline('x'));
  });

  test('the rule itself, on the source span', () => {
    expect(isDollarMath('$x$', 0, 3)).toBe(true);
    expect(isDollarMath('$x $', 0, 4)).toBe(false);
    expect(isDollarMath('$ x$', 0, 4)).toBe(false);
    expect(isDollarMath('$5 and $10', 0, 8)).toBe(false);
    expect(isDollarMath('$5$10', 0, 3)).toBe(false);
    expect(isDollarMath('$$ x $$', 0, 7)).toBe(true);
  });

  test('\\( \\) and \\[ \\] are maths, but not inside code', () => {
    expect(render('设 \\( x \\) 为实数')).toBe(`<p>设 ${inline('x')} 为实数</p>`);
    expect(render('\\[\n a^2 + b^2 = c^2\n\\]')).toBe(display('a^2 + b^2 = c^2'));
    expect(render('`\\(x\\)` 保持原样')).toBe('<p><code>\\(x\\)</code> 保持原样</p>');
    expect(normalizeMathDelimiters('```latex\n\\[x\\]\n```\n\n\\(y\\)')).toBe(
      '```latex\n\\[x\\]\n```\n\n$y$',
    );
    // A fence still streaming (no closing line yet) is code to its end.
    expect(normalizeMathDelimiters('```tex\n\\(x\\)')).toBe('```tex\n\\(x\\)');
  });

  test('a formula alone in its paragraph is displayed', () => {
    expect(render('$$ E = mc^2 $$')).toBe(display('E = mc^2'));
    expect(render('- 面积 $$\\pi r^2$$')).toContain(inline('\\pi r^2'));
  });
});

describe('a display formula still arriving', () => {
  it('is closed only once its own closing $$ or fence has arrived', () => {
    const closed = '前文\n\n$$\nx^2 + y^2\n$$';
    expect(isDisplayMathClosed(closed, closed.length)).toBe(true);
    // remend closed it for rendering: the formula ends past what has arrived.
    const open = '$$\nx^2 + ';
    expect(isDisplayMathClosed(open, `${open}\n$$`.length)).toBe(false);
    // Only the opening $$ so far.
    expect(isDisplayMathClosed('$$', 2)).toBe(false);
    expect(isDisplayMathClosed('$$x^2 + y^2$$', 13)).toBe(true);
    expect(isDisplayMathClosed('$$a$$ 与 $$b', 11)).toBe(false);
    expect(isDisplayMathClosed('```math\nx^2\n```', 15)).toBe(true);
    expect(isDisplayMathClosed('```math\nx^2', 11)).toBe(false);
    expect(isDisplayMathClosed('$$x$$', undefined)).toBe(false);
  });
});
