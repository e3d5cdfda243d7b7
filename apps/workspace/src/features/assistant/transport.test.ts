import type { ApiClient, AssistantInput } from '@wanxiang/api-client';
import { describe, expect, it } from 'vitest';
import { createAssistantTransport } from './transport';

const CLOUD = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

function fakeApi(asked: AssistantInput[]) {
  const api = {
    models: { listModels: async () => [] },
    assistant: {
      async *ask(input: AssistantInput) {
        asked.push(input);
        input.onUploadProgress?.(10, 10);
        yield { type: 'text' as const, text: '好' };
        yield { type: 'done' as const };
      },
      history: async () => [
        {
          id: 'h1',
          question: '',
          files: [{ name: '纪要.txt', type: 'text/plain', size: 12 }],
          answer: '读过了',
          status: 'complete' as const,
          model_id: 'm',
          model_name: 'M',
          credits_charged: 0,
          created_at: '2026-11-26T02:30:00Z',
        },
      ],
    },
  };
  return api as unknown as Pick<ApiClient, 'models' | 'assistant'>;
}

describe('the assistant transport’s attachments', () => {
  it('checks files by the chat’s rules and words', () => {
    const { attachments } = createAssistantTransport(fakeApi([]), null);
    if (!attachments) throw new Error('no attachments');
    expect(attachments.accept).toContain('.docx');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 31 * 1024 * 1024 });
    const { accepted, message } = attachments.check(
      [
        new File(['x'], 'ok.md', { type: '' }),
        new File(['MZ'], 'a.exe', { type: 'application/x-msdownload' }),
        big,
      ],
      0,
    );
    expect(accepted.map((file) => file.name)).toEqual(['ok.md']);
    expect(message).toBe('a.exe 文件类型不支持；big.pdf 超过 30MB 大小限制');
  });

  it('sends the question’s files with the upload’s progress, and reads their names back from the history', async () => {
    const asked: AssistantInput[] = [];
    const transport = createAssistantTransport(fakeApi(asked), CLOUD);
    const progress: number[] = [];
    const file = new File(['会议纪要'], '纪要.txt', { type: 'text/plain' });
    const events = [];
    for await (const event of transport.ask(
      {
        question: '',
        modelId: 'm',
        contextEnabled: true,
        documentMarkdown: '# 文档',
        selection: '',
        files: [file],
      },
      new AbortController().signal,
      { onUploadProgress: (sent, total) => progress.push(sent / total) },
    ))
      events.push(event);
    expect(asked[0]).toMatchObject({ cloudId: CLOUD, question: '', files: [file] });
    expect(progress).toEqual([1]);
    expect(events).toEqual([{ type: 'text', text: '好' }, { type: 'done' }]);
    const history = await transport.loadHistory?.(new AbortController().signal);
    expect(history?.[0]?.files).toEqual([{ name: '纪要.txt', type: 'text/plain', size: 12 }]);
  });
});
