import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerRichText } from '@lexical/rich-text';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $isElementNode,
  createEditor,
  type LexicalEditor,
  type SerializedLexicalNode,
  UNDO_COMMAND,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { EDITOR_NAMESPACE, editorNodes, editorTheme } from '../model/config';
import { applyAnswer, canReplace, markdownToSerializedNodes, splitTables } from './applyAnswer';
import { $captureSelection, focusOffsetOf, readDocument, type SelectionCapture } from './documentContext';
import { isMostlyChinese, quickActionLabel, quickActionPrompt } from './quickActions';
import { AssistantStore, describeAskError } from './store';
import { AssistantError, type AssistantEvent, type AssistantTransport, ModelsError } from './types';

function documentEditor(paragraphs: string[]): LexicalEditor {
  const editor = createEditor({
    namespace: EDITOR_NAMESPACE,
    nodes: [...editorNodes],
    theme: editorTheme,
    onError: (error) => {
      throw error;
    },
  });
  registerRichText(editor);
  // A merge window of 0: only the one update of Apply may be one step, not a coincidence of timing.
  registerHistory(editor, createEmptyHistoryState(), 0);
  editor.update(
    () => {
      for (const text of paragraphs) $getRoot().append($createParagraphNode().append($createTextNode(text)));
    },
    { discrete: true },
  );
  return editor;
}

/** Selects characters [from, to) of paragraph `index` and captures it as the assistant does. */
function select(editor: LexicalEditor, index: number, from: number, to: number): SelectionCapture {
  let capture: SelectionCapture | null = null;
  editor.update(
    () => {
      const block = $getRoot().getChildren()[index];
      if (!$isElementNode(block)) throw new Error('no block');
      block.select(from, to);
      const text = block.getFirstDescendant();
      if (text) (text as unknown as { select(a: number, b: number): void }).select(from, to);
      capture = $captureSelection();
    },
    { discrete: true },
  );
  if (!capture) throw new Error('no selection');
  return capture;
}

const blocks = (editor: LexicalEditor) =>
  editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .map((node) => [node.getType(), node.getTextContent()]),
  );

const ANSWER = [
  '## 要点',
  '',
  '- **第一**：按时交付',
  '- 第二：控制*成本*',
  '',
  '1. 甲',
  '2. 乙',
  '',
  '> 引用',
  '',
  '```js',
  'const a = 1;',
  '```',
].join('\n');

describe('the Markdown → editor nodes mapping of Apply', () => {
  it('turns headings, lists, quotes, code and emphasis into the editor’s own nodes', () => {
    const nodes = markdownToSerializedNodes(ANSWER) as (SerializedLexicalNode & Record<string, unknown>)[];
    expect(nodes.map((node) => node.type)).toEqual(['heading', 'list', 'list', 'quote', 'code']);
    expect(nodes[0]?.tag).toBe('h2');
    expect(nodes[1]?.listType).toBe('bullet');
    expect(nodes[2]?.listType).toBe('number');
    const firstItem = (
      nodes[1]?.children as { children: { text: string; format: number }[] }[] | undefined
    )?.[0];
    // Bold is format bit 1.
    expect(firstItem?.children[0]).toMatchObject({ text: '第一', format: 1 });
    expect(nodes[4]?.language).toBe('js');
  });

  it('takes GFM tables out of the Markdown (Lexical’s transformers have none), not inside code', () => {
    const markdown =
      '前言\n\n| 项目 | 数值 |\n| --- | ---: |\n| **字符数** | 3 |\n| 管道 \\| 符 |  |\n\n```\n| a | b |\n| --- | --- |\n```';
    expect(splitTables(markdown)).toEqual([
      { kind: 'markdown', text: '前言\n' },
      {
        kind: 'table',
        rows: [
          ['项目', '数值'],
          ['**字符数**', '3'],
          ['管道 | 符', ''],
        ],
      },
      { kind: 'markdown', text: '\n```\n| a | b |\n| --- | --- |\n```' },
    ]);
  });

  it('maps an empty answer to nothing', () => {
    expect(markdownToSerializedNodes('  \n ')).toEqual([]);
  });
});

describe('Apply', () => {
  it('inserts the answer after the block holding the caret, as one undo step', async () => {
    const editor = documentEditor(['第一段', '第二段', '第三段']);
    const caret = select(editor, 0, 1, 1);
    expect(
      applyAnswer(editor, `${ANSWER}\n\n| 项目 | 数值 |\n| --- | --- |\n| **甲** | 1 |`, {
        mode: 'insert',
        capture: caret,
      }),
    ).toBe('applied');
    expect(blocks(editor).map(([type]) => type)).toEqual([
      'paragraph',
      'heading',
      'list',
      'list',
      'quote',
      'code',
      'table',
      'paragraph',
      'paragraph',
    ]);
    const table = editor.getEditorState().read(() =>
      $getRoot()
        .getChildren()
        .find((node) => node.getType() === 'table')
        ?.getTextContent(),
    );
    expect(table?.replace(/\s+/g, '')).toBe('项目数值甲1');
    editor.dispatchCommand(UNDO_COMMAND, undefined);
    // A command's update commits in a microtask.
    await expect
      .poll(() => blocks(editor))
      .toEqual([
        ['paragraph', '第一段'],
        ['paragraph', '第二段'],
        ['paragraph', '第三段'],
      ]);
  });

  it('replaces the selection in place with a one-paragraph answer, as one undo step', async () => {
    const editor = documentEditor(['今天天气很好。', '下一段']);
    const capture = select(editor, 0, 2, 6);
    expect(capture.text).toBe('天气很好');
    expect(canReplace(editor, capture)).toBe(true);
    expect(applyAnswer(editor, '阳光**明媚**', { mode: 'replace', capture })).toBe('applied');
    expect(blocks(editor)).toEqual([
      ['paragraph', '今天阳光明媚。'],
      ['paragraph', '下一段'],
    ]);
    editor.dispatchCommand(UNDO_COMMAND, undefined);
    // A command's update commits in a microtask.
    await expect
      .poll(() => blocks(editor))
      .toEqual([
        ['paragraph', '今天天气很好。'],
        ['paragraph', '下一段'],
      ]);
  });

  it('refuses to replace a selection whose text changed since the question', () => {
    const editor = documentEditor(['今天天气很好。']);
    const capture = select(editor, 0, 2, 6);
    editor.update(
      () => {
        const text = $getRoot().getFirstDescendant();
        (text as unknown as { setTextContent(t: string): void }).setTextContent('全都改了');
      },
      { discrete: true },
    );
    expect(canReplace(editor, capture)).toBe(false);
    expect(applyAnswer(editor, '新的', { mode: 'replace', capture })).toBe('selectionChanged');
    expect(blocks(editor)).toEqual([['paragraph', '全都改了']]);
  });
});

describe('the document as the question carries it', () => {
  it('finds where the caret’s block starts in the Markdown', () => {
    const markdown = '# 标题\n\n第一段 **加粗**\n\n第二段';
    expect(focusOffsetOf(markdown, ['标题', '第一段 加粗', '第二段'], 2)).toBe(markdown.indexOf('第二段'));
    expect(focusOffsetOf(markdown, ['标题', '', '第二段'], 1)).toBe(markdown.indexOf('标题') + 2);
  });

  it('reads the document as Markdown with the selection and its offset', () => {
    const editor = documentEditor(['开头', '要改的这一句']);
    const capture = select(editor, 1, 0, 3);
    const snapshot = readDocument(editor, capture);
    expect(snapshot.markdown).toContain('要改的这一句');
    expect(snapshot.selection?.text).toBe('要改的');
    expect(snapshot.focusOffset).toBe(snapshot.markdown.indexOf('要改的这一句'));
  });
});

describe('quick actions', () => {
  it('translate Chinese into English and anything else into Chinese', () => {
    expect(isMostlyChinese('这是一段中文，with a few English words')).toBe(true);
    expect(isMostlyChinese('Plain English text')).toBe(false);
    expect(quickActionLabel('translate', '你好世界')).toBe('翻译为英文');
    expect(quickActionLabel('translate', 'Hello world')).toBe('翻译为中文');
    expect(quickActionPrompt('translate', 'Hello')).toContain('翻译为简体中文');
    expect(quickActionPrompt('polish', '任何')).toContain('润色');
  });
});

function transport(
  ask: (signal: AbortSignal) => AsyncIterable<AssistantEvent>,
  models: () => Promise<{ id: string; name: string }[]> = async () => [
    { id: 'a', name: '模型甲' },
    { id: 'b', name: '模型乙' },
  ],
): AssistantTransport {
  return { hasHistory: false, loadModels: models, ask: (_question, signal) => ask(signal) };
}

const snapshot = { markdown: '# 文档', selection: null, focusOffset: undefined };

describe('the assistant store', () => {
  it('preselects the first model and words the model list errors', async () => {
    const store = new AssistantStore(transport(async function* () {}));
    expect(store.getState().models.status).toBe('loading');
    await store.loadModels();
    expect(store.getState().modelId).toBe('a');
    const failing = (error: unknown) =>
      new AssistantStore(
        transport(
          async function* () {},
          async () => {
            throw error;
          },
        ),
      );
    const messageOf = async (store: AssistantStore) => {
      await store.loadModels();
      const models = store.getState().models;
      return models.status === 'error' ? models.message : '';
    };
    expect(await messageOf(failing(new ModelsError('auth', 401)))).toBe(
      '需要登录权限或凭证无效（401/403）。',
    );
    expect(await messageOf(failing(new ModelsError('http', 500)))).toBe(
      '模型加载失败：加载模型失败：HTTP 500',
    );
    const empty = new AssistantStore(
      transport(
        async function* () {},
        async () => [],
      ),
    );
    expect(await messageOf(empty)).toBe('模型加载失败：暂无可用模型');
  });

  it('streams an answer, appends a stream error as [错误], and keeps the turn in the history', async () => {
    const store = new AssistantStore(
      transport(async function* () {
        yield { type: 'text', text: '第一句。' };
        yield { type: 'error', message: '模型服务中断了回答' };
        yield { type: 'done' };
      }),
    );
    await store.loadModels();
    expect(store.canSend()).toBe(false);
    store.setDraft('  总结一下  ');
    expect(store.canSend()).toBe(true);
    const sending = store.send(snapshot);
    expect(store.getState().streaming).toBe(true);
    expect(store.getState().draft).toBe('');
    expect(store.canSend()).toBe(false);
    await sending;
    const { current, history, streaming } = store.getState();
    expect(streaming).toBe(false);
    expect(current?.question).toBe('总结一下');
    expect(current?.answer).toBe('第一句。\n\n[错误] 模型服务中断了回答');
    expect(history).toHaveLength(1);
  });

  it('stops silently, keeping what came, and clears on close', async () => {
    const store = new AssistantStore(
      transport(async function* (signal) {
        yield { type: 'text', text: '一半' };
        await new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        );
      }),
    );
    await store.loadModels();
    store.setDraft('问题');
    const sending = store.send(snapshot);
    await expect.poll(() => store.getState().current?.answer).toBe('一半');
    store.stop();
    await sending;
    expect(store.getState().current?.answer).toBe('一半');
    expect(store.getState().streaming).toBe(false);
    store.clear();
    expect(store.getState().current).toBeNull();
  });

  it('starts the history with the turns the server kept, each turn once, and keeps it when loading fails', async () => {
    const kept = [
      { id: 's1', question: '早先的问题', answer: '早先的回答', timestamp: 1 },
      { id: 's2', question: '问题', answer: '回答', timestamp: 2 },
    ];
    const store = new AssistantStore({
      ...transport(async function* () {
        yield { type: 'text', text: '回答' };
      }),
      hasHistory: true,
      loadHistory: async () => kept,
    });
    await store.loadModels();
    // A turn asked before the history arrived, which the server also kept (s2): it shows once.
    store.setDraft('问题');
    await store.send(snapshot);
    await store.loadHistory();
    expect(store.getState().history.map((turn) => turn.question)).toEqual(['早先的问题', '问题']);
    // Loaded once per store.
    await store.loadHistory();
    expect(store.getState().history).toHaveLength(2);

    const failing = new AssistantStore({
      ...transport(async function* () {}),
      hasHistory: true,
      loadHistory: async () => {
        throw new Error('offline');
      },
    });
    await failing.loadHistory();
    expect(failing.getState().history).toEqual([]);
  });

  it('keeps the typed question, the chosen files and a streaming answer when the document reaches the cloud', async () => {
    let release = () => {};
    const asked: string[] = [];
    const local = transport(async function* () {
      asked.push('transient');
      yield { type: 'text', text: '前半' };
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      yield { type: 'text', text: '后半' };
    });
    const store = new AssistantStore(local);
    await store.loadModels();
    store.setDraft('第一个问题');
    const first = store.send(snapshot);
    await expect.poll(() => store.getState().current?.answer).toBe('前半');
    const unmount = store.panelMounted();
    store.setDraft('正在输入的下一个问题');

    const kept = [{ id: 'k1', question: '云端保存的问题', answer: '云端保存的回答', timestamp: 1 }];
    store.setTransport({
      ...transport(async function* () {
        asked.push('cloud');
        yield { type: 'text', text: '云端回答' };
      }),
      hasHistory: true,
      loadHistory: async () => kept,
    });
    // Nothing the user was doing is lost, and the document's context is on now that the server keeps it.
    expect(store.getState().draft).toBe('正在输入的下一个问题');
    expect(store.getState().contextEnabled).toBe(true);
    expect(store.hasHistory).toBe(true);
    // The answer asked the old way finishes there.
    release();
    await first;
    expect(store.getState().current?.answer).toBe('前半后半');
    // The kept turns load for the open panel; the next question takes the new way.
    await expect
      .poll(() => store.getState().history.map((turn) => turn.question))
      .toEqual(['云端保存的问题', '第一个问题']);
    await store.send(snapshot);
    expect(asked).toEqual(['transient', 'cloud']);
    unmount();

    // Files chosen before the change stay chosen.
    const attachments = {
      accept: '.txt',
      check: (files: readonly File[]) => ({ accepted: [...files], message: null }),
    };
    const choosing = new AssistantStore({ ...local, attachments });
    await choosing.loadModels();
    choosing.addFiles([new File(['纪要'], '纪要.txt', { type: 'text/plain' })]);
    choosing.setTransport({ ...local, hasHistory: true, attachments });
    expect(choosing.getState().files.map(({ file }) => file.name)).toEqual(['纪要.txt']);
  });

  describe('attachments', () => {
    const attachments = {
      accept: '.txt,.pdf',
      check: (files: readonly File[], alreadyChosen: number) => ({
        accepted: files.filter((file) => file.name.endsWith('.txt')).slice(0, Math.max(0, 2 - alreadyChosen)),
        message: files.some((file) => !file.name.endsWith('.txt')) ? '有文件类型不支持' : null,
      }),
    };
    const txt = (name: string) => new File(['内容'], name, { type: 'text/plain' });

    function withFiles(
      ask: (
        question: Parameters<AssistantTransport['ask']>[0],
        signal: AbortSignal,
        options: Parameters<AssistantTransport['ask']>[2],
      ) => AsyncIterable<AssistantEvent>,
    ) {
      return new AssistantStore({ ...transport(async function* () {}), attachments, ask });
    }

    it('offers none when the transport takes none', async () => {
      const store = new AssistantStore(transport(async function* () {}));
      expect(store.attachAccept).toBeNull();
      store.addFiles([txt('a.txt')]);
      expect(store.getState().files).toEqual([]);
    });

    it('checks chosen files by the transport’s rules, removes them, and sends files alone', async () => {
      const asked: { files?: readonly File[]; question: string }[] = [];
      const store = withFiles(async function* (question) {
        asked.push(question);
        yield { type: 'text', text: '读过了' };
        yield { type: 'done' };
      });
      await store.loadModels();
      expect(store.attachAccept).toBe('.txt,.pdf');
      store.addFiles([txt('a.txt'), txt('b.pdf')]);
      expect(store.getState().files.map((file) => file.file.name)).toEqual(['a.txt']);
      expect(store.getState().fileError).toBe('有文件类型不支持');
      store.addFiles([txt('c.txt'), txt('d.txt')]);
      // Counted against the ones already chosen.
      expect(store.getState().files.map((file) => file.file.name)).toEqual(['a.txt', 'c.txt']);
      const [, second] = store.getState().files;
      store.removeFile(second?.id ?? '');
      expect(store.getState().files.map((file) => file.file.name)).toEqual(['a.txt']);
      expect(store.getState().fileError).toBeNull();

      // Files alone are a question.
      expect(store.canSend()).toBe(true);
      await store.send(snapshot);
      expect(asked[0]?.question).toBe('');
      expect(asked[0]?.files?.map((file) => file.name)).toEqual(['a.txt']);
      const { current, files, uploadProgress, history } = store.getState();
      expect(current?.files).toEqual([{ name: 'a.txt', type: 'text/plain', size: 6 }]);
      expect(files).toEqual([]);
      expect(uploadProgress).toBeNull();
      expect(history[0]?.files).toHaveLength(1);
    });

    it('shows the upload, and the chips leave the dock once the upload is done', async () => {
      let release = () => {};
      const store = withFiles(async function* (_question, _signal, options) {
        options?.onUploadProgress?.(1, 4);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        options?.onUploadProgress?.(4, 4);
        yield { type: 'text', text: '好' };
      });
      await store.loadModels();
      store.addFiles([txt('a.txt')]);
      store.setDraft('看看');
      const sending = store.send(snapshot);
      await expect.poll(() => store.getState().uploadProgress).toBe(0.25);
      expect(store.getState().files).toHaveLength(1);
      // Nothing is added or removed while the question is on its way.
      store.addFiles([txt('b.txt')]);
      store.removeFile(store.getState().files[0]?.id ?? '');
      expect(store.getState().files).toHaveLength(1);
      release();
      await sending;
      expect(store.getState().files).toEqual([]);
      expect(store.getState().uploadProgress).toBeNull();
    });

    it('gives the files back when the question is refused or stopped before the server has them', async () => {
      // Refused before any event, as an ApiError from the first next().
      const refused = withFiles(() => ({
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(new AssistantError('failed', '附件不合格')),
        }),
      }));
      await refused.loadModels();
      refused.addFiles([txt('a.txt')]);
      await refused.send(snapshot);
      expect(refused.getState().files.map((file) => file.file.name)).toEqual(['a.txt']);
      expect(refused.getState().current?.answer).toBe('[错误] 对话启动失败：附件不合格');
      expect(refused.canSend()).toBe(true);

      const stopped = withFiles(async function* (_question, signal, options) {
        options?.onUploadProgress?.(1, 1);
        await new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        );
      });
      await stopped.loadModels();
      stopped.addFiles([txt('b.txt')]);
      const sending = stopped.send(snapshot);
      // The upload said it was done: the chips left the dock…
      await expect.poll(() => stopped.getState().files).toEqual([]);
      stopped.stop();
      await sending;
      // …but no answer came, so they are back.
      expect(stopped.getState().files.map((file) => file.file.name)).toEqual(['b.txt']);
      expect(stopped.getState().uploadProgress).toBeNull();
    });
  });

  it('words a refused question by its kind', () => {
    expect(describeAskError(new AssistantError('auth'))).toBe('未登录或无权访问该接口，请登录或刷新页面');
    expect(describeAskError(new AssistantError('notFound'))).toBe('未找到，请确认文档已保存且 ID 有效');
    expect(describeAskError(new AssistantError('failed', '积分不足'))).toBe('对话启动失败：积分不足');
    expect(describeAskError(new AssistantError('emptyBody'))).toBe('服务器返回了空的响应体');
    expect(describeAskError(new TypeError('x'))).toBe('连接失败');
  });
});
