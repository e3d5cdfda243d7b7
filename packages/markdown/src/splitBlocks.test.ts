import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, test } from 'vitest';
import { createBlockSplitter, splitMarkdownBlocks } from './splitBlocks';

const render = (markdown: string) =>
  renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, markdown)).replace(
    /\n/g,
    '',
  );

const answer = [
  '# 复利是什么',
  '',
  '复利就是**利滚利**：本金产生的利息，下一期也开始产生利息。',
  '',
  '1. 第一年：100 元 × 10% = 10 元',
  '',
  '2. 第二年：110 元 × 10% = 11 元',
  '',
  '   这一行缩进，属于第二项。',
  '',
  '- [x] 已完成',
  '- [ ] 待办',
  '',
  '```python',
  'def grow(p, r, n):',
  '',
  '    return p * (1 + r) ** n',
  '```',
  '',
  '| 年份 | 金额 |',
  '| --- | --- |',
  '| 1 | 110 |',
  '',
  '> 引用一段话',
  '>',
  '> 第二段',
  '',
  '~~~',
  '```',
  '',
  'still code',
  '~~~',
  '',
  '    indented code',
  '',
  '    more indented code',
  '',
  '最后一段，含有 `inline` 代码和[链接](https://example.com)。',
  '',
].join('\n');

describe('splitMarkdownBlocks', () => {
  test('is lossless: the blocks joined give the text back', () => {
    expect(splitMarkdownBlocks(answer).join('')).toBe(answer);
    expect(splitMarkdownBlocks('')).toEqual([]);
    expect(splitMarkdownBlocks('one line')).toEqual(['one line']);
  });

  test('cuts at blank lines between top-level blocks', () => {
    expect(splitMarkdownBlocks('a\n\nb\n\n\nc')).toEqual(['a\n\n', 'b\n\n\n', 'c']);
  });

  test('never cuts inside a fenced code block, even at blank lines', () => {
    const blocks = splitMarkdownBlocks('x\n\n```js\na\n\nb\n```\n\ny');
    expect(blocks).toEqual(['x\n\n', '```js\na\n\nb\n```\n\n', 'y']);
    // An unclosed fence (still streaming) keeps everything after it.
    expect(splitMarkdownBlocks('```\na\n\nb')).toEqual(['```\na\n\nb']);
    // A shorter or different fence does not close it.
    expect(splitMarkdownBlocks('````\n```\n\n~~~\n\nz\n````\n\nw')).toEqual([
      '````\n```\n\n~~~\n\nz\n````\n\n',
      'w',
    ]);
  });

  test('never cuts inside a display-maths block, which may hold blank lines', () => {
    expect(splitMarkdownBlocks('x\n\n$$\na\n\nb\n$$\n\ny')).toEqual(['x\n\n', '$$\na\n\nb\n$$\n\n', 'y']);
    // `$$ x $$` on one line is inline maths: it opens nothing.
    expect(splitMarkdownBlocks('$$ x $$\n\ny')).toEqual(['$$ x $$\n\n', 'y']);
  });

  test('keeps a loose list and indented continuations in one block', () => {
    expect(splitMarkdownBlocks('1. a\n\n2. b\n\n   more b\n\nafter')).toEqual([
      '1. a\n\n2. b\n\n   more b\n\n',
      'after',
    ]);
    expect(splitMarkdownBlocks('- a\n\n- b')).toEqual(['- a\n\n- b']);
  });

  test('renders exactly like the whole text, block by block', () => {
    const whole = render(answer);
    const pieces = splitMarkdownBlocks(answer).map(render).join('');
    expect(splitMarkdownBlocks(answer).length).toBeGreaterThanOrEqual(8);
    expect(pieces).toBe(whole);
  });

  test('while streaming, a finished block never changes: only the last one grows', () => {
    let previous: string[] = [];
    for (let end = 1; end <= answer.length; end += 1) {
      const blocks = splitMarkdownBlocks(answer.slice(0, end));
      // Every block but the previous last one must be identical, character for character.
      for (let i = 0; i < previous.length - 1; i += 1) expect(blocks[i]).toBe(previous[i]);
      previous = blocks;
    }
    expect(previous).toEqual(splitMarkdownBlocks(answer));
  });

  test('split as it streams, in chunks of any size, the answer gives the blocks of the whole text', () => {
    for (const chunk of [1, 3, 20, 97]) {
      const split = createBlockSplitter();
      for (let end = chunk; end < answer.length + chunk; end += chunk) {
        const text = answer.slice(0, end);
        expect(split(text)).toEqual(splitMarkdownBlocks(text));
      }
    }
    // A text that is not the previous one grown (another answer, an edit) is split afresh.
    const split = createBlockSplitter();
    split(answer);
    expect(split('# 另一个回答\n\n正文')).toEqual(['# 另一个回答\n\n', '正文']);
  });

  test('keeps the finished blocks of a streaming answer as they were', () => {
    const split = createBlockSplitter();
    const before = split(answer.slice(0, 400));
    const after = split(answer.slice(0, 420));
    for (let i = 0; i < before.length - 1; i += 1) expect(Object.is(after[i], before[i])).toBe(true);
  });

  test('splits a 20,000-character answer in linear time', () => {
    const long = answer.repeat(Math.ceil(20_000 / answer.length));
    const start = performance.now();
    for (let i = 0; i < 50; i += 1) splitMarkdownBlocks(long);
    expect((performance.now() - start) / 50).toBeLessThan(5);
  });
});
