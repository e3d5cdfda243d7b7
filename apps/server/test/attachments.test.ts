/**
 * Chat attachments end to end on the server: the multipart create-turn, the client's checks (size, type or
 * name ending) made again by content, nothing kept and nothing held for a refused turn, what the model is
 * given (the offline model reports it), the owner-only file route, and files deleted with their session.
 */
import { openAsBlob } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MAX_ATTACHMENT_BYTES } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments, chatSessions } from '../src/db/schema';
import { attachmentForModel } from '../src/modules/chat/attachments/extract';
import { cleanName } from '../src/modules/chat/attachments/receive';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { finalOf, ledgerState, parseStream, signUp, textOf } from './chat-support';
import { databaseKinds, listen, tempDir, useApps, useTestDatabase } from './helpers';
import { file, PNG, storedFiles, type Upload, uploadForm, writeLargeCsv } from './uploads';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'attachments');
async function sendFiles(
  base: string,
  access: string,
  data: Record<string, unknown>,
  files: Upload[],
): Promise<{
  status: number;
  body: string;
  json: () => { detail?: string; errors?: Record<string, string[]> };
}> {
  const response = await fetch(`${base}/api/chat/turns/create-turn/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, accept: 'text/event-stream' },
    body: uploadForm(data, files),
  });
  const body = await response.text();
  return { status: response.status, body, json: () => JSON.parse(body) };
}

const turn = (prompt: string) => ({ session_id: null, model_id: OFFLINE_MODEL_ID, prompt: { text: prompt } });

describe.each(databaseKinds)('chat attachments on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('wx-attachments-');
  });
  afterAll(async () => {
    await data.remove();
  });
  const env = () => ({ OFFLINE_MODEL_CHUNK_DELAY: '0', DATA_DIR: data.dir });

  it('answers about a text file and an image sent with no text, keeps them, and serves them to their owner only', async () => {
    const server = await app(env());
    const base = await listen(server);
    const database = db().database.db;
    const owner = await signUp(server, database, 1000);
    const lines = '第一行：季度总结\nsecond line\n第三行\n第四行\n第五行\n第六行不应出现';
    const res = await sendFiles(base, owner.access, { ...turn(''), prompt: { text: '' } }, [
      file('笔记.txt', 'text/plain', lines),
      file('pixel.png', 'image/png', PNG),
    ]);
    expect(res.status, res.body).toBe(200);
    const events = parseStream(res.body);
    const answer = textOf(events);
    expect(answer).toContain('你只发送了附件');
    expect(answer).toContain('**笔记.txt**（text/plain');
    expect(answer).toContain('> 第一行：季度总结');
    expect(answer).toContain('> 第五行');
    expect(answer).not.toContain('第六行不应出现');
    expect(answer).toContain('**pixel.png**（image/png，');
    expect(answer).toContain('图片已作为图像输入收到');
    const final = finalOf(events);
    expect(final.title).toBe('附件：笔记.txt');

    const detail = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: owner.auth,
    });
    const question = detail.json().history[0];
    expect(question.content.text).toBe('');
    expect(question.content.files).toEqual([
      expect.objectContaining({ name: '笔记.txt', type: 'text/plain', size: Buffer.byteLength(lines) }),
      expect.objectContaining({ name: 'pixel.png', type: 'image/png', size: PNG.length }),
    ]);
    const image = question.content.files[1];
    const fetched = await server.inject({ method: 'GET', url: `/api${image.url}`, headers: owner.auth });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.rawPayload.equals(PNG)).toBe(true);

    // Another user, and nobody, gets the 404 a missing file gets.
    const other = await signUp(server, database, 1000);
    const foreign = await server.inject({ method: 'GET', url: `/api${image.url}`, headers: other.auth });
    expect(foreign.statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: `/api${image.url}` })).statusCode).toBe(401);

    // Deleting the session deletes its files, rows and bytes.
    expect(await storedFiles(data.dir)).toEqual(expect.arrayContaining([image.id]));
    const deleted = await server.inject({
      method: 'DELETE',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: owner.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedFiles(data.dir)).not.toContain(image.id);
    const rows = await database
      .select()
      .from(chatAttachments)
      .where(eq(chatAttachments.userId, owner.userId));
    expect(rows).toEqual([]);
  });

  it.each([
    {
      what: 'a file one byte over 30 MB',
      files: () => [file('big.txt', 'text/plain', new Uint8Array(MAX_ATTACHMENT_BYTES + 1).fill(97))],
      detail: 'big.txt 超过 30MB 大小限制',
    },
    {
      what: 'a type outside the list',
      files: () => [file('setup.exe', 'application/x-msdownload', 'MZ binary')],
      detail: 'setup.exe 文件类型不支持',
    },
    {
      what: 'a binary renamed to .txt',
      files: () => [
        file('notes.txt', 'text/plain', Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(64)])),
      ],
      detail: 'notes.txt 文件类型不支持（内容与文件类型不符）',
    },
    {
      what: 'a text file renamed to .png',
      files: () => [file('photo.png', 'image/png', 'not an image at all')],
      detail: 'photo.png 文件类型不支持（内容与文件类型不符）',
    },
    {
      what: 'an empty file',
      files: () => [file('empty.md', 'text/markdown', '')],
      detail: 'empty.md 是空文件',
    },
    {
      what: 'twenty files',
      files: () => Array.from({ length: 20 }, (_, i) => file(`f${i}.txt`, 'text/plain', `file ${i}`)),
      detail: '一条消息最多附带 10 个文件（本次 20 个）',
    },
    {
      what: 'two bad files beside a good one',
      files: () => [
        file('ok.txt', 'text/plain', 'fine'),
        file('a.zip', 'application/zip', 'PK'),
        file('b.txt', 'text/plain', ''),
      ],
      detail: 'a.zip 文件类型不支持；b.txt 是空文件',
    },
  ])(
    'refuses $what with a clear error, storing nothing and holding no credits',
    async ({ files, detail }) => {
      const server = await app(env());
      const base = await listen(server);
      const database = db().database.db;
      const { access, userId } = await signUp(server, database, 1000);
      const before = await ledgerState(database, userId);
      const storedBefore = await storedFiles(data.dir);
      const res = await sendFiles(base, access, turn('看看这些文件'), files());
      expect(res.status, res.body).toBe(400);
      expect(res.json().detail).toBe(detail);
      expect(await ledgerState(database, userId)).toEqual(before);
      expect(await database.select().from(chatSessions).where(eq(chatSessions.userId, userId))).toEqual([]);
      expect(await storedFiles(data.dir)).toEqual(storedBefore);
      expect(await readdir(path.join(data.dir, 'files', '.incoming'))).toEqual([]);
    },
  );

  it('sweeps at start the files no turn recorded and the folders of uploads that died, and nothing else', async () => {
    const server = await app(env());
    const base = await listen(server);
    const { access, userId } = await signUp(server, db().database.db, 1000);
    const res = await sendFiles(base, access, turn('记下'), [file('kept.txt', 'text/plain', '有记录的文件')]);
    expect(res.status, res.body).toBe(200);
    const userDir = path.join(data.dir, 'files', 'chat', userId);
    const recorded = await readdir(userDir);
    expect(recorded).toHaveLength(1);
    // A crash between storing a turn's files and writing its rows, long ago and just now; an upload killed
    // mid-way long ago, and one streaming now.
    const orphan = path.join(userDir, crypto.randomUUID());
    const fresh = path.join(userDir, crypto.randomUUID());
    const deadUpload = path.join(data.dir, 'files', '.incoming', crypto.randomUUID());
    const liveUpload = path.join(data.dir, 'files', '.incoming', crypto.randomUUID());
    await writeFile(orphan, 'orphan');
    await writeFile(fresh, 'fresh');
    await mkdir(deadUpload);
    await writeFile(path.join(deadUpload, 'part'), 'half');
    await mkdir(liveUpload);
    await writeFile(path.join(liveUpload, 'part'), 'streaming');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const old of [
      orphan,
      path.join(deadUpload, 'part'),
      deadUpload,
      ...recorded.map((id) => path.join(userDir, id)),
    ])
      await utimes(old, hourAgo, hourAgo);

    await app(env());
    const after = await storedFiles(data.dir);
    expect(after).toEqual(expect.arrayContaining([...recorded, path.basename(fresh)]));
    expect(after).not.toContain(path.basename(orphan));
    expect(await readdir(path.join(data.dir, 'files', '.incoming'))).toEqual([path.basename(liveUpload)]);
    await rm(fresh);
    await rm(liveUpload, { recursive: true });
  });

  it('keeps nothing when a turn with valid files is refused afterwards (no credits)', async () => {
    const server = await app(env());
    const base = await listen(server);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 0);
    const storedBefore = await storedFiles(data.dir);
    const res = await sendFiles(base, access, turn('总结'), [file('a.txt', 'text/plain', 'hello')]);
    expect(res.status).toBe(402);
    expect(await storedFiles(data.dir)).toEqual(storedBefore);
    expect(await database.select().from(chatAttachments).where(eq(chatAttachments.userId, userId))).toEqual(
      [],
    );
  });

  it('reads a real PDF and DOCX, and says a DOC cannot be read', async () => {
    const server = await app(env());
    const base = await listen(server);
    const { access } = await signUp(server, db().database.db, 1000);
    const read = (name: string) => readFile(path.join(FIXTURES, name));
    const res = await sendFiles(base, access, turn('这些文件说了什么？'), [
      file('report.pdf', 'application/pdf', await read('report.pdf')),
      file(
        'report.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        await read('report.docx'),
      ),
      file('report.doc', 'application/msword', await read('report.doc')),
    ]);
    expect(res.status, res.body).toBe(200);
    const answer = textOf(parseStream(res.body));
    const pdf = answer.slice(answer.indexOf('**report.pdf**'), answer.indexOf('**report.docx**'));
    expect(pdf).toContain('> 万象附件测试');
    expect(pdf).toContain('Quarterly report: revenue grew 12%.');
    const docx = answer.slice(answer.indexOf('**report.docx**'), answer.indexOf('**report.doc**'));
    expect(docx).toContain('> 万象附件测试');
    expect(docx).toContain('> 第三行：PDF 与 DOCX 的文字提取。');
    expect(answer).toContain('旧版 Word（.doc）格式暂不支持');
  });

  it('cuts a file longer than the context and says so', async () => {
    const long = '长'.repeat(5000);
    const attachment = await attachmentForModel(
      {
        name: 'long.txt',
        mimeType: 'text/plain',
        size: Buffer.byteLength(long),
        open: async () => Readable.from([Buffer.from(long)]),
      },
      { seesImages: false, maxChars: 3000 },
    );
    expect(attachment.truncated).toBe(true);
    expect(Array.from(attachment.text ?? '')).toHaveLength(3000);
    const image = await attachmentForModel(
      { name: 'p.png', mimeType: 'image/png', size: PNG.length, open: async () => Readable.from([PNG]) },
      { seesImages: false, maxChars: 3000 },
    );
    expect(image.data).toBeUndefined();
    expect(image.text).toContain('当前模型不能识别图片');
  });

  // How much memory the server needs for it is a figure of `pnpm bench memory`, not an assertion here:
  // the heap of a test worker counts garbage the collector has not reached yet.
  it('takes a 30 MB upload, the largest allowed, whole and keeps it on disk', async () => {
    const server = await app(env());
    const base = await listen(server);
    const { access } = await signUp(server, db().database.db, 1_000_000);
    const big = path.join(data.dir, 'big.csv');
    await writeLargeCsv(big, MAX_ATTACHMENT_BYTES);
    // The body is read from the file as it is sent, so the test holds none of it either.
    const blob = await openAsBlob(big, { type: 'text/csv' });
    const before = new Set(await storedFiles(data.dir));
    const res = await sendFiles(base, access, turn('分析这份行情'), [
      { name: 'prices.csv', type: 'text/csv', body: blob },
    ]);
    expect(res.status, res.body).toBe(200);
    expect(textOf(parseStream(res.body))).toContain('**prices.csv**（text/csv，30 MB）');
    const added = (await storedFiles(data.dir)).filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    const root = path.join(data.dir, 'files', 'chat');
    const sizes = await Promise.all(
      (await readdir(root)).map((user) =>
        stat(path.join(root, user, String(added[0]))).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    expect(Math.max(...sizes)).toBe(MAX_ATTACHMENT_BYTES);
    await writeFile(big, '');
  });
});

describe('the name of an uploaded file', () => {
  it('keeps its last segment without control or bidirectional characters', () => {
    expect(cleanName('C:\\Users\\me\\报告\u202Efdp.exe')).toBe('报告fdp.exe');
    expect(cleanName('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D\u200E\u200F\u061Cd.txt')).toBe(
      'abcd.txt',
    );
    expect(cleanName('x\u0000\u001fy.txt')).toBe('xy.txt');
    expect(cleanName('\u202E')).toBe('file');
    expect(cleanName('العربية.txt')).toBe('العربية.txt');
  });
});
