import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, test } from 'vitest';
import { completeTableHeader, completeUnfinished, rowCells } from './unfinished';

const render = (markdown: string) =>
  renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, markdown));

describe('the last block of an unfinished answer', () => {
  test('a table cut before or inside its delimiter row still renders as a table', () => {
    for (const cut of [
      '| 项目 | 金额 |',
      '| 项目 | 金额 |\n',
      '| 项目 | 金额 |\n|',
      '| 项目 | 金额 |\n| --- |',
      '| 项目 | 金额 |\n| :-- | -',
    ]) {
      const html = render(completeUnfinished(cut));
      expect(html, cut).toMatch(/<th[^>]*>项目<\/th><th>金额<\/th>/);
      expect(html, cut).not.toContain('|');
    }
  });

  test('keeps the alignment already written', () => {
    expect(completeTableHeader('| a | b | c |\n| :-: | --')).toBe('| a | b | c |\n| :-: | -- | --- |');
  });

  test('leaves what is not a table header alone', () => {
    for (const text of [
      '|x| 是绝对值',
      '| a | b |\n| --- | --- |\n| 1 | 2 |',
      '正文\n\n一段话',
      '',
      'a | b',
    ]) {
      expect(completeTableHeader(text)).toBe(text);
    }
    // A body row being written is a body row, not a new header.
    expect(completeTableHeader('| a | b |\n| - | - |\n| 1 | 2 |\n')).toBe(
      '| a | b |\n| - | - |\n| 1 | 2 |\n',
    );
  });

  test('a table after a paragraph line', () => {
    expect(render(completeUnfinished('如下表：\n| 项目 | 金额 |\n'))).toContain('<th>项目</th>');
  });

  test('closes open inline marks and an open fence shows as code', () => {
    expect(render(completeUnfinished('正在输出 **加粗'))).toContain('<strong>加粗</strong>');
    expect(render(completeUnfinished('```python\nprint(1)\n| 项目 |'))).toContain(
      '<pre><code class="language-python">print(1)\n| 项目 |\n</code></pre>',
    );
  });

  test('splits cells at unescaped pipes', () => {
    expect(rowCells('| a | b \\| c |')).toEqual([' a ', ' b \\| c ']);
  });
});
