import { describe, expect, it } from 'vitest';
import { chatToDocument } from './chatDocument';
import type { ChatMessage } from './types';

const message = (patch: Partial<ChatMessage>): ChatMessage => ({
  id: 'm',
  role: 'user',
  text: '',
  images: [],
  files: [],
  status: 'done',
  error: null,
  credits: null,
  startedAt: null,
  ...patch,
});

interface Block {
  type: string;
  tag?: string;
  language?: string;
  text?: string;
  children?: Block[];
}

const textOf = (block: Block): string =>
  block.type === 'linebreak' ? '\n' : (block.text ?? (block.children ?? []).map(textOf).join(''));

describe('a chat opened as a document', () => {
  it('quotes the questions and turns the answers’ Markdown into headings, lists, code and paragraphs', () => {
    const { content, title } = chatToDocument('复利', [
      message({ role: 'user', text: '什么是复利？\n# 不是标题' }),
      message({
        role: 'assistant',
        modelName: '离线演示模型',
        text: '## 定义\n\n复利就是**利滚利**。\n\n- 本金\n- 利息\n\n1. 第一年\n2. 第二年\n\n```python\nprint(1.1 ** 2)\n```',
      }),
    ]);
    expect(title).toBe('复利');
    const blocks = (content.editorState as unknown as { root: { children: Block[] } }).root.children;
    const shape = blocks.map((block) => [block.type, block.tag ?? '', textOf(block)]);
    expect(shape).toEqual([
      ['heading', 'h1', '复利'],
      ['heading', 'h2', '你'],
      // The question is kept as typed: its "# " stays text inside the quote.
      ['quote', '', '什么是复利？\n# 不是标题'],
      ['heading', 'h2', 'AI 助手（离线演示模型）'],
      ['heading', 'h2', '定义'],
      ['paragraph', '', '复利就是利滚利。'],
      ['list', 'ul', '本金利息'],
      ['list', 'ol', '第一年第二年'],
      ['code', '', 'print(1.1 ** 2)'],
    ]);
    const bold = blocks[5]?.children?.find((child) => child.text === '利滚利') as
      | { format?: number }
      | undefined;
    expect(bold?.format).toBe(1);
    expect(blocks[8]?.language).toBe('python');
  });
});
