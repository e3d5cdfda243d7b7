/**
 * The document assistant's attachments: both endpoints take the chat's multipart form (a `data` field with
 * the JSON body, repeated `files` parts), check the files as the chat does (by content too),
 * refuse a bad file before anything is held or written, give the files' text to the model (the offline
 * model reports what it got), and keep the files' names with the cloud document's turn.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assistantFrame, STREAM_DONE } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assistantTurns, documents } from '../src/db/schema';
import { attachmentsForModel } from '../src/modules/chat/attachments/extract';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { ledgerState, signUp } from './chat-support';
import { databaseKinds, listen, tempDir, useApps, useTestDatabase } from './helpers';
import { file, PNG, type Upload, uploadForm } from './uploads';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'attachments');
const DOC_ID = '5a1c2e3d-4b5f-4a6b-9c7d-8e9f0a1b2c3d';
type Frame = z.infer<typeof assistantFrame> | { type: 'done' };
function parseFrames(body: string): Frame[] {
  return body
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n'),
    )
    .filter((data) => data !== '')
    .map((data) => (data === STREAM_DONE ? { type: 'done' } : assistantFrame.parse(JSON.parse(data))));
}
const textOf = (frames: Frame[]) => frames.map((f) => (f.type === 'text' ? f.content : '')).join('');

const question = (extra: Record<string, unknown> = {}) => ({
  model_id: OFFLINE_MODEL_ID,
  user_input: '参考附件改写这一段',
  conversation_type: 'general',
  context_enabled: false,
  context_turns: 0,
  document_markdown: '# 周报\n\n本周完成了登录页。',
  ...extra,
});

async function askWithFiles(
  base: string,
  access: string,
  apiPath: string,
  data: Record<string, unknown> | null,
  files: Upload[],
) {
  const response = await fetch(`${base}/api${apiPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, accept: 'text/event-stream' },
    body: uploadForm(data, files),
  });
  const body = await response.text();
  return { status: response.status, body, frames: response.ok ? parseFrames(body) : [] };
}

const ENDPOINTS = [
  { name: 'the transient endpoint', path: '/assistant/transient' },
  { name: 'a cloud document', path: `/docs/${DOC_ID}/assistant/` },
] as const;

describe.each(databaseKinds)('the document assistant’s attachments on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('wx-doc-attachments-');
  });
  afterAll(async () => {
    await data.remove();
  });
  const env = () => ({ OFFLINE_MODEL_CHUNK_DELAY: '0', RATE_LIMIT_MAX: '100000', DATA_DIR: data.dir });
  const staged = () => readdir(path.join(data.dir, 'files', '.incoming'));

  async function setup() {
    const server = await app(env());
    const base = await listen(server);
    const database = db().database.db;
    const user = await signUp(server, database, 1000);
    const content = { version: '2.0.0', editorState: null };
    await database
      .insert(documents)
      .values({ id: DOC_ID, userId: user.userId, title: '周报', content, size: 2 });
    return { server, base, database, ...user };
  }

  it.each(ENDPOINTS)(
    'answers files alone on $name: the model gets their text and the image',
    async ({ path: at }) => {
      const { base, access } = await setup();
      const lines = '会议纪要\n第二行：下周上线\n第三行';
      const res = await askWithFiles(base, access, at, question({ user_input: '' }), [
        file('纪要.txt', 'text/plain', lines),
        file('pixel.png', 'image/png', PNG),
      ]);
      expect(res.status, res.body).toBe(200);
      expect(res.frames.at(-1)).toEqual({ type: 'done' });
      const answer = textOf(res.frames);
      expect(answer).toContain('你只发送了附件');
      expect(answer).toContain('**纪要.txt**（text/plain');
      expect(answer).toContain('> 第二行：下周上线');
      expect(answer).toContain('**pixel.png**（image/png，');
      expect(answer).toContain('图片已作为图像输入收到');
      // Nothing staged outlives the request.
      await expect.poll(staged).toEqual([]);
    },
  );

  it('reads a PDF and a DOCX for a cloud document, keeps their names with the turn and in the history', async () => {
    const { server, base, access, database, userId, auth } = await setup();
    const read = (name: string) => readFile(path.join(FIXTURES, name));
    const res = await askWithFiles(base, access, `/docs/${DOC_ID}/assistant/`, question(), [
      file('report.pdf', 'application/pdf', await read('report.pdf')),
      file(
        'report.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        await read('report.docx'),
      ),
    ]);
    expect(res.status, res.body).toBe(200);
    const answer = textOf(res.frames);
    expect(answer).toContain('> 参考附件改写这一段');
    expect(answer).toContain('Quarterly report: revenue grew 12%.');
    expect(answer).toContain('> 第三行：PDF 与 DOCX 的文字提取。');

    const [row] = await database.select().from(assistantTurns).where(eq(assistantTurns.userId, userId));
    expect(row?.files).toEqual([
      expect.objectContaining({ name: 'report.pdf', type: 'application/pdf' }),
      expect.objectContaining({ name: 'report.docx' }),
    ]);
    const history = await server.inject({
      method: 'GET',
      url: `/api/docs/${DOC_ID}/assistant/history`,
      headers: auth,
    });
    expect(history.statusCode).toBe(200);
    const [item] = history.json().items;
    expect(item.question).toBe('参考附件改写这一段');
    expect(item.files.map((f: { name: string }) => f.name)).toEqual(['report.pdf', 'report.docx']);
    expect(item.files[0].size).toBe((await read('report.pdf')).length);

    // The next question with context on sees the earlier one with its files named.
    const next = await askWithFiles(
      base,
      access,
      `/docs/${DOC_ID}/assistant/`,
      question({ context_enabled: true, context_turns: 5, user_input: '再短一些' }),
      [],
    );
    expect(next.status, next.body).toBe(200);
    expect(textOf(next.frames)).toContain('| 本会话第几轮 | 2 |');
  });

  const REFUSALS = [
    {
      what: 'a type outside the list',
      files: () => [file('setup.exe', 'application/x-msdownload', 'MZ binary')],
      detail: 'setup.exe 文件类型不支持',
    },
    {
      what: 'a binary renamed to .txt and an empty file beside a good one',
      files: () => [
        file('ok.txt', 'text/plain', 'fine'),
        file('notes.txt', 'text/plain', Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(64)])),
        file('b.md', 'text/markdown', ''),
      ],
      detail: 'notes.txt 文件类型不支持（内容与文件类型不符）；b.md 是空文件',
    },
    {
      what: 'eleven files',
      files: () => Array.from({ length: 11 }, (_, i) => file(`f${i}.txt`, 'text/plain', `file ${i}`)),
      detail: '一条消息最多附带 10 个文件（本次 11 个）',
    },
  ];
  it.each(ENDPOINTS.flatMap((endpoint) => REFUSALS.map((refusal) => ({ ...refusal, ...endpoint }))))(
    'refuses $what on $name, naming each file, holding and keeping nothing',
    async ({ path: at, files, detail }) => {
      const { base, access, database, userId } = await setup();
      const before = await ledgerState(database, userId);
      const res = await askWithFiles(base, access, at, question(), files());
      expect(res.status, res.body).toBe(400);
      expect(JSON.parse(res.body).detail).toBe(detail);
      expect(await ledgerState(database, userId)).toEqual(before);
      expect(await database.select().from(assistantTurns).where(eq(assistantTurns.userId, userId))).toEqual(
        [],
      );
      await expect.poll(staged).toEqual([]);
    },
  );

  it('refuses a form without its data field, and files alone with no credits (402) before any stream', async () => {
    const { server, base, access, database } = await setup();
    const missing = await askWithFiles(base, access, '/assistant/transient', null, [
      file('a.txt', 'text/plain', 'hello'),
    ]);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body).detail).toContain('缺少 data 字段');

    const poor = await signUp(server, database, 0);
    const refused = await askWithFiles(base, poor.access, '/assistant/transient', question(), [
      file('a.txt', 'text/plain', 'hello'),
    ]);
    expect(refused.status).toBe(402);
    await expect.poll(staged).toEqual([]);
  });
});

describe('the files’ share of the context', () => {
  const text = (name: string, chars: number) => {
    const body = '字'.repeat(chars);
    return {
      name,
      mimeType: 'text/plain',
      size: Buffer.byteLength(body),
      open: async () => Readable.from([Buffer.from(body)]),
    };
  };

  it('splits what the context leaves between the text files, and says an image is unseen by a model without vision', async () => {
    const model = { contextTokens: 10_500, maxOutputTokens: 2000, supportsImages: false };
    // 10 500 − 2 000 answer − 500 headroom − 2 000 used = 6 000, shared by two readers.
    const [a, b, image] = await attachmentsForModel(
      [
        text('a.txt', 5000),
        text('b.txt', 100),
        { name: 'p.png', mimeType: 'image/png', size: PNG.length, open: async () => Readable.from([PNG]) },
      ],
      model,
      2000,
    );
    expect(a?.truncated).toBe(true);
    expect(Array.from(a?.text ?? '')).toHaveLength(3000);
    expect(b?.truncated).toBe(false);
    expect(image?.data).toBeUndefined();
    expect(image?.text).toContain('不能识别图片');
  });

  it('gives each text file its opening even when the context is full', async () => {
    const model = { contextTokens: 4000, maxOutputTokens: 2000, supportsImages: true };
    const [only] = await attachmentsForModel([text('a.txt', 5000)], model, 4000);
    expect(Array.from(only?.text ?? '')).toHaveLength(2000);
  });
});
