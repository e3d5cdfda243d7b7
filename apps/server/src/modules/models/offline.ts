/**
 * The built-in offline model: an AI SDK language model that answers without a network, so that every screen
 * works on a fresh machine and tests need no provider. It is a demonstration and says so: it is free, and
 * what it tells the user is user language (how to configure a real provider is the operator's README). Its answer is deterministic Markdown that quotes the
 * user's prompt, streamed in small pieces at a reading pace (the delay is configurable; tests use 0).
 */
import { formatBytes } from '../../http/errors';
import { type ParsedSearchContext, parseSearchContext } from '../search/context';
import {
  ATTACHMENT_OPTION,
  type AttachmentMark,
  type CallOptions,
  type LanguageModelV3,
  type StreamPart,
  type StreamResult,
} from './language-model';
import { estimatePromptTokens, estimateTokens } from './tokens';

type Message = CallOptions['prompt'][number];

type Part = Exclude<Message['content'], string>[number];

function markOf(part: Part): AttachmentMark | undefined {
  const options = (part as { providerOptions?: Record<string, Record<string, unknown>> }).providerOptions;
  return options?.[ATTACHMENT_OPTION]?.attachment as AttachmentMark | undefined;
}

/** The message's own text, without its attached files. */
function textOf(message: Message | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => (part.type === 'text' && !markOf(part) ? part.text : ''))
    .join('')
    .trim();
}

/** A file the offline model was given: what it reports about it. */
export interface OfflineFile extends AttachmentMark {
  /** The text part it came as (heading, content between <<< and >>>, notes); none for an image. */
  text?: string;
}

function filesOf(message: Message | undefined): OfflineFile[] {
  if (!message || typeof message.content === 'string') return [];
  const files: OfflineFile[] = [];
  for (const part of message.content) {
    const mark = markOf(part);
    if (!mark) continue;
    files.push(part.type === 'text' ? { ...mark, text: part.text } : { ...mark });
  }
  return files;
}

const FIRST_LINES = 5;

/** The file's first lines as the model received them, and any note the server added after them. */
function describeFile(file: OfflineFile): string[] {
  const head = `- **${file.name}**（${file.type}，${formatBytes(file.size)}）`;
  if (file.text === undefined) return [head, '  - 图片已作为图像输入收到。'];
  const open = file.text.indexOf('<<<\n');
  const close = file.text.lastIndexOf('\n>>>');
  if (open < 0 || close < open) return [head, `  - ${file.text.split('\n').at(-1) ?? ''}`];
  const body = file.text.slice(open + 4, close);
  const after = file.text.slice(close + 4).trim();
  const lines = body.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return [head, `  - ${after || body.trim()}`];
  const shown = lines.slice(0, FIRST_LINES).map((line) => {
    const chars = Array.from(line);
    return chars.length > 120 ? `${chars.slice(0, 120).join('')}…` : line;
  });
  return [
    head,
    `  - 共 ${lines.length} 行文字，前 ${shown.length} 行：`,
    '',
    ...shown.map((line) => `    > ${line}`),
    '',
    ...(after ? [`  - ${after}`] : []),
  ];
}

function quote(text: string, maxChars = 600): string {
  const chars = Array.from(text);
  const shown = chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}…` : text;
  return shown
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** The whole answer to a conversation whose last user message is `prompt`. */
export function offlineAnswer(prompt: string, turn: number, files: readonly OfflineFile[] = []): string {
  const chars = Array.from(prompt).length;
  const lines = prompt.split(/\r?\n/).length;
  const attached =
    files.length === 0
      ? []
      : [`### 收到的附件（${files.length} 个）`, '', ...files.flatMap(describeFile), ''];
  return [
    ...(prompt === '' ? ['你只发送了附件，没有文字。'] : ['你的消息：', '', quote(prompt)]),
    '',
    ...attached,
    '这是**离线演示模型**的回复。它是万象内置的演示模型：不收积分，不联网，也不理解你的问题，只按固定规则原样引用你的消息，用来展示聊天的各个环节。',
    '',
    '### 这条消息',
    '',
    '| 项目 | 数值 |',
    '| --- | --- |',
    `| 字符数 | ${chars} |`,
    `| 行数 | ${lines} |`,
    `| 估算词元 | ${estimateTokens(prompt)} |`,
    `| 本会话第几轮 | ${turn} |`,
    '',
    '### 想得到真正的回答',
    '',
    '1. 打开页面顶部的模型选择器；',
    '2. 选一个“离线演示模型”以外的模型；',
    '3. 再发送一次你的问题。',
    '',
    '回答中的代码会这样显示：',
    '',
    '```python',
    'print("你好，万象", 2026)',
    '```',
    '',
    '> 提示：如果模型选择器里只有离线演示模型，说明本站还没有接入 AI 模型服务，请联系本站管理员。',
  ].join('\n');
}

function cut(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}…` : text;
}

/**
 * The answer to a prompt that came with web search results: each result summarized in a line and cited
 * by its number, as a real model is asked to do, so that citations and sources work without a provider.
 */
export function offlineSearchAnswer(prompt: string, search: ParsedSearchContext): string {
  if (search.sources.length === 0) return offlineAnswer(prompt, 1);
  const lines = [
    `关于“${cut(search.query, 60)}”，联网搜索找到 ${search.sources.length} 条结果，摘要如下：`,
    '',
  ];
  for (const source of search.sources) {
    const snippet = cut(source.snippet.replace(/\[(\d+)\]/g, '($1)'), 80);
    lines.push(
      `- **${source.title.replace(/[*_`[\]]/g, '')}**${snippet ? `：${snippet}` : ''} [${source.index}]`,
    );
  }
  lines.push(
    '',
    `以上内容来自搜索结果 ${search.sources.map((source) => `[${source.index}]`).join(' ')}，点击编号可以打开原网页。`,
    '',
    '> 这是**离线演示模型**的回复：它不理解内容，只是把交给它的搜索结果逐条摘录并标注出处。换用其他模型时，模型会阅读这些结果来回答你的问题。',
  );
  return lines.join('\n');
}

/** Pieces of two to five characters (never splitting a surrogate pair), varied but deterministic. */
export function splitIntoPieces(text: string): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  let index = 0;
  let step = 0;
  while (index < chars.length) {
    const size = 2 + ((step * 7) % 4);
    pieces.push(chars.slice(index, index + size).join(''));
    index += size;
    step += 1;
  }
  return pieces;
}

export class OfflineLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'offline';
  readonly supportedUrls = {};

  constructor(
    readonly modelId: string,
    private readonly chunkDelayMs: number,
  ) {}

  async doGenerate(): Promise<never> {
    throw new Error('the offline model only streams');
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    const users = options.prompt.filter((message) => message.role === 'user');
    const prompt = textOf(users.at(-1));
    const system = options.prompt.find((message) => message.role === 'system');
    const search = system ? parseSearchContext(textOf(system)) : null;
    const answer = search
      ? offlineSearchAnswer(prompt, search)
      : offlineAnswer(prompt, users.length, filesOf(users.at(-1)));
    const inputTokens = estimatePromptTokens(options.prompt.map((message) => ({ text: textOf(message) })));
    let pieces = splitIntoPieces(answer);
    let truncated = false;
    const limit = options.maxOutputTokens;
    if (limit !== undefined) {
      let used = 0;
      const kept: string[] = [];
      for (const piece of pieces) {
        used += estimateTokens(piece);
        if (used > limit) {
          truncated = true;
          break;
        }
        kept.push(piece);
      }
      pieces = kept;
    }
    const delay = this.chunkDelayMs;
    const signal = options.abortSignal;
    let timer: NodeJS.Timeout | undefined;
    let index = 0;
    let emitted = '';

    const stream = new ReadableStream<StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'answer' });
      },
      pull(controller) {
        return new Promise<void>((resolve) => {
          const emit = () => {
            timer = undefined;
            if (signal?.aborted) {
              controller.error(signal.reason);
              resolve();
              return;
            }
            const piece = pieces[index];
            if (piece === undefined) {
              const outputTokens = estimateTokens(emitted);
              controller.enqueue({ type: 'text-end', id: 'answer' });
              controller.enqueue({
                type: 'finish',
                finishReason: { unified: truncated ? 'length' : 'stop', raw: truncated ? 'length' : 'stop' },
                usage: {
                  inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
                  outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
                },
              });
              controller.close();
              resolve();
              return;
            }
            index += 1;
            emitted += piece;
            controller.enqueue({ type: 'text-delta', id: 'answer', delta: piece });
            resolve();
          };
          // The first piece comes at once, as a provider's first token does after its latency.
          if (delay > 0 && index > 0) timer = setTimeout(emit, delay);
          else emit();
        });
      },
      cancel() {
        if (timer) clearTimeout(timer);
      },
    });
    return { stream };
  }
}
