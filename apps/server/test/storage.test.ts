/**
 * The storage allowance: what the server keeps for a user (chat files, cloud documents, exports) is
 * counted against the plan's allowance or the operator's for that user; parallel uploads cannot all pass,
 * a refused write keeps nothing and holds no credit, and deleting frees the bytes and the files.
 */
import { randomUUID } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_FULL_CODE } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions, exportFiles, plans, users } from '../src/db/schema';
import { fileKey, sweepUnrecordedFiles, UNRECORDED_FILE_AGE_MS } from '../src/modules/chat/attachments/repo';
import { DiskFileStore } from '../src/modules/files/store';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { storageCommand } from '../src/modules/storage/cli';
import { reserveStorage, storageUsage } from '../src/modules/storage/quota';
import { finalOf, ledgerState, parseStream, signUp } from './chat-support';
import { contentOf, databaseKinds, listen, tempDir, useApps, useTestDatabase } from './helpers';
import { file, storedFiles, uploadForm } from './uploads';

const MB = 1024 * 1024;
const turn = { session_id: null, model_id: OFFLINE_MODEL_ID, prompt: { text: '看看这个文件' } };

describe.each(databaseKinds)('storage allowance on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('wx-storage-');
  });
  afterAll(async () => {
    await data.remove();
  });
  const env = () => ({ OFFLINE_MODEL_CHUNK_DELAY: '0', DATA_DIR: data.dir, MAX_CONCURRENT_STREAMS: '20' });

  /** Runs the operator's command; answers its exit code and what it printed. */
  async function operator(...args: string[]) {
    const lines: string[] = [];
    const code = await storageCommand(db().database.db, args, (line) => lines.push(line));
    return { code, text: lines.join('\n') };
  }

  async function emailOf(userId: string) {
    const [row] = await db()
      .database.db.select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return String(row?.email);
  }

  it('gives each user the plan’s 1 GB, shown at /api/storage/, and lets the operator change one user’s', async () => {
    const server = await app(env());
    const user = await signUp(server, db().database.db);
    const shown = await server.inject({ method: 'GET', url: '/api/storage/', headers: user.auth });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ used_bytes: 0, quota_bytes: 1024 ** 3 });
    const [plan] = await db().database.db.select().from(plans).where(eq(plans.isDefault, true));
    expect(plan?.storageQuotaBytes).toBe(1024 ** 3);

    const email = await emailOf(user.userId);
    const set = await operator('set', email, '5gb');
    expect(set.code).toBe(0);
    expect(set.text).toContain('已用 0 字节 / 5 GB（单独设定）');
    const after = await server.inject({ method: 'GET', url: '/api/storage/', headers: user.auth });
    expect(after.json()).toEqual({ used_bytes: 0, quota_bytes: 5 * 1024 ** 3 });

    const reset = await operator('reset', email);
    expect(reset.text).toContain('/ 1 GB（套餐）');
    expect((await operator('set', email, 'lots')).code).toBe(2);
    expect((await operator('show', 'nobody@example.com')).text).toContain('没有这个用户');
    expect((await operator('frobnicate', email)).code).toBe(2);
    expect((await server.inject({ method: 'GET', url: '/api/storage/' })).statusCode).toBe(401);
  });

  it('keeps only the parallel uploads that fit, refuses the rest with 413 before any credit is held, and frees a deleted chat’s bytes and files', async () => {
    const server = await app(env());
    const base = await listen(server);
    const database = db().database.db;
    const user = await signUp(server, database, 1000);
    expect((await operator('set', await emailOf(user.userId), `${Math.round(2.5 * MB)}`)).code).toBe(0);
    const before = await ledgerState(database, user.userId);

    // Five turns at once, each with a file of 1 MB: only two fit in 2.5 MB.
    const answers = await Promise.all(
      Array.from({ length: 5 }, async (_, index) => {
        const response = await fetch(`${base}/api/chat/turns/create-turn/`, {
          method: 'POST',
          headers: { ...user.auth, accept: 'text/event-stream' },
          body: uploadForm(turn, [file(`表${index}.txt`, 'text/plain', 'x'.repeat(MB))]),
        });
        return { status: response.status, body: await response.text() };
      }),
    );
    const kept = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(kept).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.status).toBe(413);
      const body = JSON.parse(answer.body) as { detail: string; code: string };
      expect(body.code).toBe(STORAGE_FULL_CODE);
      expect(body.detail).toBe(
        '存储空间已满：已用 2 MB / 2.5 MB，剩余 512 KB，这些附件需要 1 MB。请删除不需要的会话、云端文档或导出文件后再试。',
      );
    }
    // Nothing of the refused turns was kept: no file, no chat, no hold or charge.
    expect(await storedFiles(data.dir)).toHaveLength(2);
    const sessions = await database.select().from(chatSessions).where(eq(chatSessions.userId, user.userId));
    expect(sessions).toHaveLength(2);
    const after = await ledgerState(database, user.userId);
    expect(after.balance).toBe(after.ledgerSum);
    const charged = kept.map((answer) => finalOf(parseStream(answer.body)).credits_charged);
    expect(before.balance - after.balance).toBe(
      charged.reduce<number>((sum, credits) => sum + (credits ?? 0), 0),
    );
    const usage = await server.inject({ method: 'GET', url: '/api/storage/', headers: user.auth });
    expect(usage.json()).toEqual({ used_bytes: 2 * MB, quota_bytes: Math.round(2.5 * MB) });

    // Deleting a chat removes its file from the store and gives its megabyte back.
    const gone = String(finalOf(parseStream(String(kept[0]?.body))).session_id);
    const deleted = await server.inject({
      method: 'DELETE',
      url: `/api/chat/sessions/${gone}/`,
      headers: user.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedFiles(data.dir)).toHaveLength(1);
    const userDir = path.join(data.dir, 'files', 'chat', user.userId);
    expect(await readdir(userDir)).toHaveLength(1);
    const freed = await server.inject({ method: 'GET', url: '/api/storage/', headers: user.auth });
    expect(freed.json()).toMatchObject({ used_bytes: MB });

    // The room is there again for the next file.
    const again = await fetch(`${base}/api/chat/turns/create-turn/`, {
      method: 'POST',
      headers: { ...user.auth, accept: 'text/event-stream' },
      body: uploadForm(turn, [file('再来.txt', 'text/plain', 'y'.repeat(MB))]),
    });
    expect(again.status).toBe(200);
    await again.text();
    expect(await storedFiles(data.dir)).toHaveLength(2);
    // The operator's recount agrees with the counter.
    expect((await operator('recount', await emailOf(user.userId))).text).toContain(`${2 * MB} / `);
  });

  it('gives back the bytes of files a turn stored but never recorded (a crash between the two), when they are swept', async () => {
    const server = await app(env());
    const database = db().database.db;
    const user = await signUp(server, database);
    // What a turn does before its rows: the bytes reserved and the file stored.
    await reserveStorage(database, user.userId, 4096, '这些附件');
    const store = new DiskFileStore(path.join(data.dir, 'files'));
    const staged = path.join(data.dir, 'orphan');
    await writeFile(staged, Buffer.alloc(4096, 0x61));
    const key = fileKey(user.userId, randomUUID());
    await store.put(key, staged);
    expect(await storageUsage(database, user.userId)).toMatchObject({ used_bytes: 4096 });

    const removed = await sweepUnrecordedFiles(database, store, Date.now() + UNRECORDED_FILE_AGE_MS + 60_000);
    // Files of earlier tests, whose rows went with the database's reset, may go too.
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await store.open(key)).toBeUndefined();
    expect(await storageUsage(database, user.userId)).toMatchObject({ used_bytes: 0 });
  });

  it('counts cloud documents and exports, refuses them when full, and frees them when deleted or expired', async () => {
    const server = await app(env());
    const database = db().database.db;
    const user = await signUp(server, database);
    await operator('set', await emailOf(user.userId), '300kb');
    const used = async () =>
      (
        (await server.inject({ method: 'GET', url: '/api/storage/', headers: user.auth })).json() as {
          used_bytes: number;
        }
      ).used_bytes;
    const send = (method: 'POST' | 'PUT', url: string, body: unknown) =>
      server.inject({
        method,
        url,
        headers: { ...user.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });

    // Every save is also kept in the document's history (版本历史), whose bytes count too.
    const history = async (id: string) =>
      (
        (
          await server.inject({ method: 'GET', url: `/api/docs/${id}/versions/`, headers: user.auth })
        ).json() as {
          versions: { size: number }[];
        }
      ).versions.reduce((sum, version) => sum + version.size, 0);

    const created = await send('POST', '/api/docs/', {
      title: '周报',
      content: contentOf('字'.repeat(30_000)),
    });
    expect(created.statusCode).toBe(201);
    const doc = created.json() as { id: string; size: number; version: number };
    expect(await history(doc.id)).toBe(doc.size);
    expect(await used()).toBe(2 * doc.size);

    // A save that grows it past the allowance is refused and changes nothing.
    const tooBig = await send('PUT', `/api/docs/${doc.id}/`, {
      title: '周报',
      content: contentOf('字'.repeat(120_000)),
      base_version: doc.version,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: STORAGE_FULL_CODE });
    expect((tooBig.json() as { detail: string }).detail).toMatch(
      /^存储空间已满：已用 [\d.]+ KB \/ 300 KB，剩余 [\d.]+ KB，这次保存需要 [\d.]+ KB。/,
    );
    expect(await used()).toBe(2 * doc.size);

    // A save that shrinks it gives the difference back (the history keeps both versions).
    const smaller = await send('PUT', `/api/docs/${doc.id}/`, {
      title: '周报',
      content: contentOf('字'.repeat(10_000)),
      base_version: doc.version,
    });
    expect(smaller.statusCode).toBe(200);
    const shrunk = smaller.json() as { size: number };
    const versions = await history(doc.id);
    expect(versions).toBe(doc.size + shrunk.size);
    expect(await used()).toBe(shrunk.size + versions);

    // An export is counted while it is kept, and given back when it expires.
    const exported = await send('POST', `/api/docs/${doc.id}/export`, { format: 'md' });
    expect(exported.statusCode).toBe(201);
    const task = exported.json() as { id: string; size: number; download_url: string };
    expect(await used()).toBe(shrunk.size + versions + task.size);
    await database
      .update(exportFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportFiles.id, task.id));
    const expired = await server.inject({ method: 'GET', url: task.download_url, headers: user.auth });
    expect(expired.statusCode).toBe(410);
    expect(await used()).toBe(shrunk.size + versions);

    // A second document that does not fit is not made.
    const second = await send('POST', '/api/docs/', {
      title: '大',
      content: contentOf('字'.repeat(100_000)),
    });
    expect(second.statusCode).toBe(413);
    expect((await send('POST', '/api/docs/', { title: '小', content: contentOf('小') })).statusCode).toBe(
      201,
    );

    // With the allowance at zero an export is refused before it runs.
    await operator('set', await emailOf(user.userId), '0');
    const refused = await send('POST', `/api/docs/${doc.id}/export`, { format: 'md' });
    expect(refused.statusCode).toBe(413);
    expect((refused.json() as { detail: string }).detail).toContain('导出文件需要');

    // Deleting the documents frees everything.
    const list = (await server.inject({ method: 'GET', url: '/api/docs/', headers: user.auth })).json() as {
      id: string;
    }[];
    for (const item of list) {
      const removed = await server.inject({
        method: 'DELETE',
        url: `/api/docs/${item.id}/`,
        headers: user.auth,
      });
      expect(removed.statusCode).toBe(204);
    }
    expect(await used()).toBe(0);
  });
});
