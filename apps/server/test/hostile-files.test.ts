/**
 * Hostile attachments: each is sent as a chat attachment by a signed-in user while the test watches the
 * server's event loop and asks its health check. A file that passes a reading limit is refused with a
 * 400 naming it (内容过大，无法读取), holds no credits and leaves no file behind; a damaged one reaches the
 * model as unreadable. Either way the server keeps answering everyone, and reads an honest file next.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { ledgerState, parseStream, signUp, textOf } from './chat-support';
import { databaseKinds, listen, tempDir, useApps, useTestDatabase } from './helpers';
import { hostileDocx, hostilePdf } from './hostile-files';
import { file, storedFiles, type Upload, uploadForm } from './uploads';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const turn = { session_id: null, model_id: OFFLINE_MODEL_ID, prompt: { text: '这个文件说了什么？' } };
/**
 * The longest the test's own event loop, which is the server's, may stand still during a hostile upload.
 * Reading on the main thread stood it still for tens of seconds; off it, what remains is the upload itself.
 */
const MAX_STALL_MS = 2000;

const cases: {
  what: string;
  name: string;
  type: string;
  make: () => Buffer | Promise<Buffer>;
  refused: boolean;
}[] = [
  {
    what: 'a Word file that unpacks to 200 MB',
    name: 'bomb.docx',
    type: DOCX,
    make: hostileDocx.bySize,
    refused: true,
  },
  {
    what: 'a Word file of two million elements',
    name: 'count.docx',
    type: DOCX,
    make: hostileDocx.byCount,
    refused: true,
  },
  {
    what: 'a Word file nested 20,000 deep',
    name: 'deep.docx',
    type: DOCX,
    make: hostileDocx.byNesting,
    refused: true,
  },
  {
    what: 'a PDF of 100,000 pages',
    name: 'pages.pdf',
    type: 'application/pdf',
    make: hostilePdf.pages,
    refused: true,
  },
  {
    what: 'a PDF stream that inflates to 300 MB',
    name: 'stream.pdf',
    type: 'application/pdf',
    make: hostilePdf.stream,
    refused: true,
  },
  {
    what: 'a PDF whose page tree loops',
    name: 'loop.pdf',
    type: 'application/pdf',
    make: hostilePdf.loop,
    refused: false,
  },
  {
    what: 'a PDF nested 100,000 deep',
    name: 'nest.pdf',
    type: 'application/pdf',
    make: hostilePdf.nesting,
    refused: false,
  },
  {
    what: 'a PDF with a broken cross-reference table',
    name: 'xref.pdf',
    type: 'application/pdf',
    make: hostilePdf.xref,
    refused: false,
  },
];

// Reading happens off the database: one kind is enough (the real PostgreSQL when there is one).
describe.each(databaseKinds.slice(-1))('hostile attachments on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  let data: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    data = await tempDir('wx-hostile-');
  });
  afterAll(async () => {
    await data.remove();
  });

  async function send(base: string, access: string, upload: Upload) {
    const response = await fetch(`${base}/api/chat/turns/create-turn/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, accept: 'text/event-stream' },
      body: uploadForm(turn, [upload]),
    });
    return { status: response.status, body: await response.text() };
  }

  it.each(cases)(
    '$what: the server keeps answering, and the file is refused or read as unreadable',
    async (hostile) => {
      // A short time limit: a file that needs more is refused all the same, and the test does not wait the default 20 s.
      const server = await app({
        OFFLINE_MODEL_CHUNK_DELAY: '0',
        DATA_DIR: data.dir,
        FILE_READ_TIMEOUT: '5s',
      });
      const base = await listen(server);
      const database = db().database.db;
      const { access, userId } = await signUp(server, database, 1000);
      const before = await ledgerState(database, userId);
      const storedBefore = await storedFiles(data.dir);
      const bytes = await hostile.make();
      expect(bytes.length).toBeLessThan(30 * 1024 * 1024);

      const stall = monitorEventLoopDelay({ resolution: 10 });
      stall.enable();
      let healthAnswered = 0;
      let sending = true;
      const health = (async () => {
        while (sending) {
          const res = await fetch(`${base}/api/health`);
          expect(res.status).toBe(200);
          healthAnswered += 1;
        }
      })();
      const res = await send(base, access, file(hostile.name, hostile.type, bytes));
      sending = false;
      await health;
      stall.disable();

      expect(stall.max / 1e6, 'longest stall of the event loop, ms').toBeLessThan(MAX_STALL_MS);
      expect(healthAnswered).toBeGreaterThan(0);
      if (hostile.refused) {
        expect(res.status, res.body).toBe(400);
        expect(JSON.parse(res.body).detail).toBe(`${hostile.name} 内容过大，无法读取`);
        expect(await ledgerState(database, userId)).toEqual(before);
        expect(await storedFiles(data.dir)).toEqual(storedBefore);
        expect(await readdir(path.join(data.dir, 'files', '.incoming'))).toEqual([]);
      } else {
        // Refused as too large, or read as a damaged file the model is told of: never a crash.
        if (res.status === 400)
          expect(JSON.parse(res.body).detail).toBe(`${hostile.name} 内容过大，无法读取`);
        else {
          expect(res.status, res.body).toBe(200);
          expect(textOf(parseStream(res.body))).toContain(`**${hostile.name}**`);
        }
      }

      // The reader still reads an honest file afterwards.
      const honest = await send(base, access, file('季报.docx', DOCX, await hostileDocx.honest()));
      expect(honest.status, honest.body).toBe(200);
      expect(textOf(parseStream(honest.body))).toContain('第一段：季度总结');
      const honestPdf = await send(base, access, file('report.pdf', 'application/pdf', hostilePdf.honest()));
      expect(honestPdf.status, honestPdf.body).toBe(200);
      expect(textOf(parseStream(honestPdf.body))).toContain('Quarterly report');
    },
  );
});
