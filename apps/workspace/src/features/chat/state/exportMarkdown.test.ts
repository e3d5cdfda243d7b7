import { describe, expect, it } from 'vitest';
import { chatToMarkdown, exportFileName } from './exportMarkdown';
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

describe('a chat exported as Markdown', () => {
  it('has the title, each question quoted and each answer under its model', () => {
    const markdown = chatToMarkdown('秋天的诗', [
      message({ role: 'user', text: '写一首诗\n# 不是标题' }),
      message({ role: 'assistant', text: '## 秋\n\n落叶纷飞', modelName: '离线演示模型' }),
      message({ role: 'user', text: '再长一点' }),
      message({ role: 'assistant', text: '好的', status: 'stopped' }),
    ]);
    expect(markdown).toBe(
      `${[
        '# 秋天的诗',
        '## 你',
        // The question as typed: escaped, its lines kept apart by a hard break (a backslash at the end).
        '> 写一首诗\\\n> \\# 不是标题',
        '## AI 助手（离线演示模型）',
        '## 秋\n\n落叶纷飞',
        '## 你',
        '> 再长一点',
        '## AI 助手',
        '好的',
        '*已停止*',
      ].join('\n\n')}\n`,
    );
  });

  it('says when an answer failed', () => {
    expect(chatToMarkdown('t', [message({ role: 'assistant', status: 'error', error: '超时' })])).toContain(
      '**抱歉，发生错误: 超时**',
    );
  });

  it('is saved under a file name with \\ / : * ? " < > | replaced', () => {
    expect(exportFileName('a\\b/c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j.md');
    expect(exportFileName('  ')).toBe('未命名会话.md');
  });
});
