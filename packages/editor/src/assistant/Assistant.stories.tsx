import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { ActionsPlugin } from '../actions/ActionsPlugin';
import { t } from '../i18n/zh-CN';
import { editorNodes, editorTheme } from '../model/config';
import { initialFormatState } from '../model/useFormatState';
import { AssistantDock } from './AssistantDock';
import { AssistantPanel } from './AssistantPanel';
import { type AssistantState, AssistantStore } from './store';
import {
  type AssistantAttachments,
  AssistantError,
  type AssistantEvent,
  type AssistantTransport,
  ModelsError,
} from './types';

const a = t.assistant;
const MODELS = [
  { id: 'offline-demo', name: '离线演示模型' },
  { id: 'deepseek-chat', name: 'DeepSeek V3' },
];
const ANSWER = '## 摘要\n\n- 今年完成了**三个项目**\n- 明年重点是控制成本';

type Models = 'ready' | 'loading' | 'auth' | 'empty';
/** How the question is answered: streamed, streamed then held, held mid-upload, or refused by the server. */
type Answer = 'stream' | 'hang' | 'upload' | 'refuse';

/** The app's check (the chat's) stands in here: 30 MB each, the chat's types, its texts. */
const ACCEPTED = /\.(txt|md|json|csv|pdf|docx?|png|jpe?g|gif|webp)$/i;
const attachments: AssistantAttachments = {
  accept: '.txt,.md,.json,.csv,.pdf,.doc,.docx,image/*',
  check(files) {
    const accepted: File[] = [];
    const problems: string[] = [];
    for (const file of files) {
      if (file.size > 30 * 1024 * 1024) problems.push(`${file.name} 超过 30MB 大小限制`);
      else if (!ACCEPTED.test(file.name)) problems.push(`${file.name} 文件类型不支持`);
      else accepted.push(file);
    }
    return { accepted, message: problems.length > 0 ? problems.join('；') : null };
  },
};

const waitForAbort = (signal: AbortSignal) =>
  new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

function transport(models: Models, hasHistory: boolean, answer: Answer): AssistantTransport {
  return {
    hasHistory,
    attachments,
    loadModels: (signal) => {
      if (models === 'loading')
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      if (models === 'auth') return Promise.reject(new ModelsError('auth', 401));
      return Promise.resolve(models === 'empty' ? [] : MODELS);
    },
    async *ask(question, signal, options): AsyncGenerator<AssistantEvent> {
      if (answer === 'upload') {
        options?.onUploadProgress?.(1, 2);
        await waitForAbort(signal);
      }
      if (answer === 'refuse') throw new AssistantError('failed', '附件暂时无法处理，请稍后重试');
      const files = question.files ?? [];
      if (files.length > 0)
        yield {
          type: 'text',
          text: `收到 ${files.length} 个附件：${files.map((file) => file.name).join('、')}\n\n`,
        };
      yield { type: 'text', text: '## 摘要\n\n- 今年完成了' };
      if (answer === 'hang') {
        await new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      }
      yield { type: 'text', text: '**三个项目**\n- 明年重点是控制成本' };
      yield { type: 'done' };
    },
  };
}

interface HarnessProps {
  models?: Models;
  hasHistory?: boolean;
  answer?: Answer;
  initial?: Partial<AssistantState>;
}

function Harness({ models = 'ready', hasHistory = false, answer = 'stream', initial = {} }: HarnessProps) {
  const [store] = useState(() => new AssistantStore(transport(models, hasHistory, answer), initial));
  return (
    <LexicalComposer
      initialConfig={{
        namespace: 'assistant-story',
        nodes: [...editorNodes],
        theme: editorTheme,
        onError: (e: Error) => {
          throw e;
        },
        editorState: JSON.stringify({
          root: {
            type: 'root',
            version: 1,
            direction: null,
            format: '',
            indent: 0,
            children: [
              {
                type: 'paragraph',
                version: 1,
                direction: null,
                format: '',
                indent: 0,
                textFormat: 0,
                textStyle: '',
                children: [
                  {
                    type: 'text',
                    version: 1,
                    text: '今年我们完成了三个项目。',
                    format: 0,
                    style: '',
                    mode: 'normal',
                    detail: 0,
                  },
                ],
              },
            ],
          },
        }),
      }}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 320px', height: 560, position: 'relative' }}>
        <RichTextPlugin
          contentEditable={
            <ContentEditable aria-label={t.editorLabel} style={{ padding: 16, outline: 'none' }} />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <aside aria-label={t.panels.right} style={{ borderInlineStart: '1px solid #8884', minHeight: 0 }}>
          <AssistantPanel store={store} />
        </aside>
        <div
          style={{
            position: 'absolute',
            insetInline: 0,
            bottom: 16,
            display: 'flex',
            justifyContent: 'center',
          }}
        >
          <AssistantDock store={store} />
        </div>
      </div>
      <HistoryPlugin />
      <ActionsPlugin
        format={initialFormatState}
        frame={{
          back() {},
          toggleLeft() {},
          toggleRight() {},
          openFile() {},
          chooseImage() {},
          saveLocal() {},
          exportMarkdown() {},
          exportDocx() {},
          exportPdf() {},
          openVersions() {},
          nameVersion() {},
          saveCloud() {},
          saveNow() {},
        }}
      />
    </LexicalComposer>
  );
}

const meta = { title: 'Assistant', component: Harness } satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const turn = (answer: string, selection: string | null = null) => ({
  id: 't1',
  question: '总结这篇文档',
  files: [],
  answer,
  timestamp: Date.UTC(2026, 10, 26, 2, 30),
  selection: null,
  note: selection,
});

/** Nothing asked yet: the models load, the first is preselected; send waits for a question. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(a.empty)).toBeVisible();
    await expect(await canvas.findByRole('button', { name: /离线演示模型/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: a.send })).toBeDisabled();
    // A transient document keeps no history: the context toggle is off and disabled.
    await expect(canvas.getByRole('switch', { name: a.context })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: a.quick.polish })).toBeDisabled();
  },
};

/** The model list is loading. */
export const ModelsLoading: Story = {
  args: { models: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(a.modelsLoading)).toBeVisible();
  },
};

/** The model list refused (401/403). */
export const ModelsAuthError: Story = {
  args: { models: 'auth' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(a.modelsAuth);
  },
};

/** No models offered. */
export const ModelsEmpty: Story = {
  args: { models: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      '模型加载失败：暂无可用模型',
    );
  },
};

/** A cloud document: the context toggle is on (5 turns). */
export const CloudDocument: Story = {
  args: { hasHistory: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('switch', { name: a.context })).toBeChecked();
  },
};

/** Enter sends; while the answer streams the box and the controls are disabled, send became stop. */
export const Streaming: Story = {
  args: { answer: 'hang' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: /离线演示模型/ });
    const box = canvas.getByRole('textbox', { name: a.questionLabel });
    await userEvent.type(box, '总结这篇文档{Enter}');
    await expect(await canvas.findByRole('button', { name: a.stop })).toBeVisible();
    await expect(box).toBeDisabled();
    await expect(canvas.getByRole('switch', { name: a.context })).toBeDisabled();
    await expect(await canvas.findByText(a.streaming)).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: a.answer })).toHaveTextContent('今年完成了'),
    );
  },
};

/**
 * The answer ended: 对话完成 and Apply, which writes it after the caret's paragraph as rich content; undone,
 * the panel stops saying 已写入文档.
 */
export const Done: Story = {
  args: { initial: { current: turn(ANSWER), history: [turn(ANSWER)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(a.done)).toBeVisible();
    // The answer shows as Markdown rendered by @wanxiang/markdown (loaded with it), not as its source.
    const answer = within(canvas.getByRole('region', { name: a.answer }));
    await expect(await answer.findByRole('heading', { name: '摘要' })).toBeVisible();
    await expect(answer.getByText('三个项目').tagName).toBe('STRONG');
    await expect(answer.queryByText(/##/)).toBeNull();
    const paper = canvas.getByRole('textbox', { name: t.editorLabel });
    // The caret in the paper first, as a user's would be: the editor's history starts from there.
    await userEvent.click(paper);
    await userEvent.click(canvas.getByRole('button', { name: a.apply }));
    await waitFor(() => expect(paper.querySelector('h2')).toHaveTextContent('摘要'));
    await expect(paper.querySelectorAll('li')).toHaveLength(2);
    await expect(await canvas.findByText(a.applied)).toBeVisible();
    // Undone, the answer is out of the document: the panel no longer says it is written, and offers Apply.
    await userEvent.click(paper);
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(paper.querySelector('h2')).toBeNull());
    await waitFor(() => expect(canvas.queryByText(a.applied)).toBeNull());
    await expect(canvas.getByRole('button', { name: a.apply })).toBeEnabled();
    // Redone, it is written again.
    await userEvent.keyboard('{Control>}y{/Control}');
    await waitFor(() => expect(paper.querySelector('h2')).toHaveTextContent('摘要'));
    await expect(await canvas.findByText(a.applied)).toBeVisible();
  },
};

/** A stream error is appended to the answer as [错误] …. */
export const ErrorAppended: Story = {
  args: { initial: { current: turn('第一句。\n\n[错误] 模型服务中断了回答，请稍后重试。') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/\[错误\] 模型服务中断了回答/)).toBeVisible();
  },
};

/** A selection: a quick action asks at once; the answer replaces the selection through a preview. */
export const ReplaceThroughPreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: /离线演示模型/ });
    const paper = canvas.getByRole('textbox', { name: t.editorLabel });
    await userEvent.click(paper);
    const text = paper.querySelector('span');
    if (!text?.firstChild) throw new Error('no text');
    const range = document.createRange();
    range.setStart(text.firstChild, 4);
    range.setEnd(text.firstChild, 8);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    const polish = canvas.getByRole('button', { name: a.quick.polish });
    await waitFor(() => expect(polish).toBeEnabled());
    await expect(canvas.getByRole('button', { name: a.quick.toEnglish })).toBeVisible();
    // 润色 asks at once, as in WPS AI: the answer comes without sending anything from the box.
    await userEvent.click(polish);
    await userEvent.click(await canvas.findByRole('button', { name: a.replace }));
    await expect(canvas.getByRole('textbox', { name: a.questionLabel })).toHaveValue('');
    const preview = canvas.getByRole('region', { name: a.previewTitle });
    await expect(preview.querySelector('del')).toHaveTextContent('完成了三');
    await userEvent.click(within(preview).getByRole('button', { name: a.accept }));
    await waitFor(() => expect(paper).toHaveTextContent('摘要'));
    await expect(paper.textContent).not.toContain('今年我们完成了');
    await expect(paper.textContent).toMatch(/^今年我们摘要.*个项目。$/);
  },
};

/** The history view lists this document's turns; one opens again as the current one. */
export const History: Story = {
  args: {
    initial: {
      history: [turn(ANSWER), { ...turn('第二个回答'), id: 't2', question: '扩写第一段' }],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: a.history }));
    const item = await canvas.findByRole('button', { name: /扩写第一段/ });
    await userEvent.click(item);
    await expect(await canvas.findByRole('region', { name: a.answer })).toHaveTextContent('第二个回答');
  },
};

/** The history view before any question. */
export const HistoryEmpty: Story = {
  args: { initial: { view: 'history' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(a.historyEmpty)).toBeVisible();
  },
};

const file = (name: string, type: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });
/** A File that says it is bigger than it is: the size check reads `size`, and no story allocates 31 MB. */
const claimsSize = (name: string, type: string, size: number) => {
  const made = file(name, type, 16);
  Object.defineProperty(made, 'size', { value: size });
  return made;
};
/** A 1×1 PNG: an image's chip shows its thumbnail. */
const PIXEL = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

const transfer = (files: File[]) => {
  const data = new DataTransfer();
  for (const item of files) data.items.add(item);
  return data;
};

/**
 * Files chosen in the picker the attach control opens. Set on the input directly: a picker's `accept` is
 * a hint some systems ignore, and the refusals are what is tested.
 */
async function pick(canvasElement: HTMLElement, files: File[]) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  input.files = transfer(files).files;
  fireEvent.change(input);
}

/** A drag of files over `target` (the browser's own event: it carries the files and their type). */
const drag = (target: Element, type: 'dragover' | 'drop', files: File[]) =>
  target.dispatchEvent(
    new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer(files) }),
  );

/**
 * Files come by the attach control (a paperclip, 添加附件), are checked before anything is sent (the
 * check's texts joined with '；'), show as chips that can be removed, and a question may be files alone: the
 * panel names them under the question, and the chips leave the dock once the server has them.
 */
export const Attachments: Story = {
  // An interaction: without its play function it renders as Empty does (see AttachmentsChosen).
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: /离线演示模型/ });
    await expect(canvas.getByRole('button', { name: a.attach })).toBeEnabled();
    await pick(canvasElement, [
      file('季度报告.pdf', 'application/pdf', 150_000),
      new File([PIXEL], '截图.png', { type: 'image/png' }),
      file('setup.exe', 'application/x-msdownload'),
      claimsSize('录像.txt', 'text/plain', 31 * 1024 * 1024),
    ]);
    const chips = await canvas.findByRole('list', { name: a.attachments });
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'setup.exe 文件类型不支持；录像.txt 超过 30MB 大小限制',
    );
    await expect(chips.querySelector('img')).not.toBeNull();
    await userEvent.click(within(chips).getByRole('button', { name: '移除 截图.png' }));
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    await expect(canvas.queryByRole('alert')).toBeNull();

    // The file alone is a question.
    const send = canvas.getByRole('button', { name: a.send });
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: a.answer })).toHaveTextContent('收到 1 个附件：季度报告.pdf'),
    );
    await expect(canvas.queryByRole('list', { name: a.attachments })).toBeNull();
    const asked = canvasElement.querySelector('[data-question-file]');
    await expect(asked).toHaveTextContent('季度报告.pdf');

    // The history names the files with the question.
    await userEvent.click(await canvas.findByRole('button', { name: a.history }));
    await expect(await canvas.findByRole('button', { name: /季度报告\.pdf/ })).toBeVisible();
  },
};

/** Pasted and dropped files are taken as picked ones are; a drop over the dock says it takes them. */
export const PasteAndDrop: Story = {
  // An interaction: without its play function it renders as Empty does (see AttachmentsChosen).
  tags: ['!vrt'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: /离线演示模型/ });
    const box = canvas.getByRole('textbox', { name: a.questionLabel });
    await userEvent.click(box);
    await userEvent.paste(transfer([file('纪要.md', 'text/markdown', 300)]));
    const chips = await canvas.findByRole('list', { name: a.attachments });
    await expect(within(chips).getByText('纪要.md')).toBeVisible();
    await expect(box).toHaveValue('');

    const dock = canvas.getByRole('region', { name: a.dockLabel });
    const dropped = [file('数据.csv', 'text/csv', 100)];
    drag(dock, 'dragover', dropped);
    await expect(await canvas.findByText(a.dropHint)).toBeVisible();
    drag(dock, 'drop', dropped);
    await waitFor(() => expect(within(chips).getAllByRole('listitem')).toHaveLength(2));
    await expect(canvas.queryByText(a.dropHint)).toBeNull();
  },
};

/**
 * While the files go up the chips show the upload and every control is disabled; stopped before the server
 * has them, they come back to the dock, removable again: nothing chosen is lost.
 */
export const AttachmentsUploading: Story = {
  // An interaction: without its play function it renders as Empty does (see AttachmentsChosen).
  tags: ['!vrt'],
  args: { answer: 'upload' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: /离线演示模型/ });
    await pick(canvasElement, [file('季度报告.pdf', 'application/pdf', 150_000)]);
    await userEvent.type(canvas.getByRole('textbox', { name: a.questionLabel }), '对照附件检查数字{Enter}');
    await expect(await canvas.findByRole('progressbar', { name: '季度报告.pdf 上传中 50%' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: a.attach })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: a.stop }));
    const back = await canvas.findByRole('button', { name: '移除 季度报告.pdf' });
    await expect(back).toBeEnabled();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** A question the server refuses keeps its files in the dock; the refusal ends the answer as [错误] …. */
export const AttachmentsRefused: Story = {
  // An interaction: without its play function it renders as Empty does (see AttachmentsChosen).
  tags: ['!vrt'],
  args: { answer: 'refuse' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: /离线演示模型/ });
    await pick(canvasElement, [file('纪要.txt', 'text/plain', 100)]);
    await userEvent.click(canvas.getByRole('button', { name: a.send }));
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: a.answer })).toHaveTextContent(
        '[错误] 对话启动失败：附件暂时无法处理，请稍后重试',
      ),
    );
    await expect(await canvas.findByRole('button', { name: '移除 纪要.txt' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: a.send })).toBeEnabled();
  },
};

/** Files chosen and one refused, as the dock shows them before the question goes (and in screenshots). */
export const AttachmentsChosen: Story = {
  args: {
    initial: {
      files: [
        { id: 'f1', file: file('季度报告.pdf', 'application/pdf', 150_000) },
        {
          id: 'f2',
          file: file(
            '会议纪要.docx',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            48_000,
          ),
        },
      ],
      fileError: 'setup.exe 文件类型不支持；录像.txt 超过 30MB 大小限制',
      history: [
        { ...turn(ANSWER), files: [{ name: '季度报告.pdf', type: 'application/pdf', size: 150_000 }] },
      ],
      current: { ...turn(ANSWER), files: [{ name: '季度报告.pdf', type: 'application/pdf', size: 150_000 }] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chips = await canvas.findByRole('list', { name: a.attachments });
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('alert')).toHaveTextContent('setup.exe 文件类型不支持');
    await expect(canvasElement.querySelector('[data-question-file]')).toHaveTextContent('季度报告.pdf');
  },
};
