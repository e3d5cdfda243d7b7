import { inflateSync } from 'node:zlib';
import {
  DOCUMENT_MAX_DEPTH,
  EXPORT_FORMATS,
  EXPORT_HTML_MAX_ELEMENTS,
  EXPORT_MAX_DEPTH,
  LEXICAL_STYLE_MAX,
} from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, exportFiles } from '../src/db/schema';
import { ExportRunner, ExportTimeoutError } from '../src/modules/exports/runner';
import { contentDisposition } from '../src/modules/files/names';
import { signUp } from './chat-support';
import { databaseKinds, useApps, useTestDatabase } from './helpers';

type App = Awaited<ReturnType<ReturnType<typeof useApps>>>;
type Auth = Record<string, string>;

const TITLE = '季度报告:收入/支出?';
const SAFE_NAME = '季度报告_收入_支出_';

function editorState(...paragraphs: string[]) {
  return {
    root: {
      type: 'root',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      children: paragraphs.map((text) => ({
        type: 'paragraph',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }],
      })),
    },
  };
}

const lexdoc = (title: string, ...paragraphs: string[]) => ({
  format: 'lexdoc',
  version: 2,
  savedAt: new Date().toISOString(),
  meta: { title },
  content: editorState(...paragraphs),
});

const post = (app: App, auth: Auth, url: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** The text of a PDF's pages, from its Flate streams: enough to find a line we wrote. */
function pdfStreams(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  let out = '';
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out += inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      // Not a Flate stream (a font subset's own data, an image).
    }
  }
  return out;
}

/** What a downloaded file must look like, by format. */
function checkFile(format: string, body: Buffer, text: string) {
  if (format === 'pdf') {
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    // The text is drawn with an embedded CJK font subset, mapped back to Unicode for search and copy.
    expect(pdfStreams(body)).toMatch(/beginbfchar|beginbfrange/);
  } else if (format === 'docx') {
    expect(body.subarray(0, 2).toString()).toBe('PK');
  } else {
    expect(body.toString('utf8')).toContain(text);
  }
}

describe.each(databaseKinds)('server exports on %s', (kind) => {
  const getDb = useTestDatabase(kind);
  const makeApp = useApps(getDb);

  async function createDoc(app: App, auth: Auth, title: string, text: string) {
    const created = await post(app, auth, '/api/docs/', {
      title,
      content: { version: '2.0.0', editorState: editorState(text) },
    });
    expect(created.statusCode).toBe(201);
    return (created.json() as { id: string }).id;
  }

  it.each(EXPORT_FORMATS)(
    'exports a cloud document as %s, downloadable by its owner only',
    async (format) => {
      const app = await makeApp();
      const owner = await signUp(app, getDb().database.db);
      const other = await signUp(app, getDb().database.db);
      const id = await createDoc(app, owner.auth, TITLE, '第一季度的收入增长了百分之十二。');

      const answer = await post(app, owner.auth, `/api/docs/${id}/export`, { format });
      expect(answer.statusCode).toBe(201);
      const task = answer.json() as {
        download_url: string;
        expires_at: string;
        file_name: string;
        size: number;
      };
      expect(task.file_name).toBe(`${SAFE_NAME}.${format}`);
      expect(task.download_url).toMatch(/^\/api\/exports\/[0-9a-f-]{36}$/);
      expect(Date.parse(task.expires_at)).toBeGreaterThan(Date.now());

      const file = await app.inject({ method: 'GET', url: task.download_url, headers: owner.auth });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBe(task.size);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="${'_'.repeat(4)}_${'_'.repeat(2)}_${'_'.repeat(2)}_.${format}"; filename*=UTF-8''${encodeURIComponent(SAFE_NAME)}.${format}`,
      );
      checkFile(format, file.rawPayload, '第一季度的收入增长了百分之十二。');

      // Another user gets nothing: neither the file nor an export of the document.
      const stolen = await app.inject({ method: 'GET', url: task.download_url, headers: other.auth });
      expect(stolen.statusCode).toBe(404);
      const foreign = await post(app, other.auth, `/api/docs/${id}/export`, { format });
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as { detail: string }).detail).toContain('没有找到这个文档');
      const anonymous = await app.inject({ method: 'GET', url: task.download_url });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it.each(EXPORT_FORMATS)('exports a transient lexdoc as %s', async (format) => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const answer = await post(app, auth, '/api/exports/transient', {
      format,
      lexdoc: lexdoc('会议纪要', '下周二上午十点在三楼会议室开会。'),
    });
    expect(answer.statusCode).toBe(201);
    const task = answer.json() as { download_url: string; file_name: string };
    expect(task.file_name).toBe(`会议纪要.${format}`);
    const file = await app.inject({ method: 'GET', url: task.download_url, headers: auth });
    expect(file.statusCode).toBe(200);
    checkFile(format, file.rawPayload, '下周二上午十点在三楼会议室开会。');
  });

  it('falls back to HTML when no lexdoc is sent, keeping headings, emphasis and tables', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const html =
      '<h1>周报</h1><p>本周完成了<strong>登录页</strong>的改版。</p><table><tr><th>项目</th><th>进度</th></tr><tr><td>编辑器</td><td>90%</td></tr></table>';
    const answer = await post(app, auth, '/api/exports/transient', { format: 'md', html, title: '周报' });
    expect(answer.statusCode).toBe(201);
    const task = answer.json() as { download_url: string; file_name: string };
    expect(task.file_name).toBe('周报.md');
    const file = await app.inject({ method: 'GET', url: task.download_url, headers: auth });
    const markdown = file.body;
    expect(markdown).toContain('# 周报');
    expect(markdown).toContain('**登录页**');
    expect(markdown).toMatch(/\| *编辑器 *\| *90% *\|/);

    const pdf = await post(app, auth, '/api/exports/transient', { format: 'pdf', html });
    expect(pdf.statusCode).toBe(201);
    expect((pdf.json() as { file_name: string }).file_name).toBe('周报.pdf');
  });

  it('refuses HTML with more elements than an export may convert, before converting it', async () => {
    // 5 MB of HTML held 250,000 paragraphs, which ran the export worker out of its gigabyte after 114 s.
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const html = '<p>段</p>'.repeat(EXPORT_HTML_MAX_ELEMENTS + 1);
    const answer = await post(app, auth, '/api/exports/transient', { format: 'md', html });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ errors: { html: [`元素过多：最多 ${EXPORT_HTML_MAX_ELEMENTS} 个。`] } });

    const fits = await post(app, auth, '/api/exports/transient', {
      format: 'md',
      html: '<p>段</p>'.repeat(100),
    });
    expect(fits.statusCode).toBe(201);
  });

  it('refuses a bad body with a clear 400', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const id = await createDoc(app, auth, '文档', '正文');

    const noFormat = await post(app, auth, `/api/docs/${id}/export`, {});
    expect(noFormat.statusCode).toBe(400);
    expect(Object.keys((noFormat.json() as { errors: object }).errors)).toContain('format');

    const badFormat = await post(app, auth, '/api/exports/transient', {
      format: 'exe',
      lexdoc: lexdoc('a', 'b'),
    });
    expect(badFormat.statusCode).toBe(400);
    expect(Object.keys((badFormat.json() as { errors: object }).errors)).toContain('format');

    const nothing = await post(app, auth, '/api/exports/transient', { format: 'pdf', html: '   ' });
    expect(nothing.statusCode).toBe(400);
    expect((nothing.json() as { detail: string }).detail).toBe(
      '请提供要导出的文档：lexdoc（文档内容）或 html 二选一。',
    );

    const notLexdoc = await post(app, auth, '/api/exports/transient', {
      format: 'docx',
      lexdoc: { format: 'lexdoc', version: 'two' },
    });
    expect(notLexdoc.statusCode).toBe(400);
    expect((notLexdoc.json() as { detail: string }).detail).toMatch(/[\u4e00-\u9fff]/);

    const unknownDoc = await post(app, auth, '/api/docs/00000000-0000-4000-8000-000000000000/export', {
      format: 'pdf',
    });
    expect(unknownDoc.statusCode).toBe(404);
  });

  it('refuses a lexdoc nested too deep with a 400 naming the field, before converting it', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    // Paragraphs inside paragraphs, written as text: making it needs no recursion.
    const nested = (nodes: number) =>
      `${'{"type":"paragraph","version":1,"children":['.repeat(nodes)}${']}'.repeat(nodes)}`;
    for (const nodes of [EXPORT_MAX_DEPTH, 10_000]) {
      const head = JSON.stringify({ format: 'md', lexdoc: { ...lexdoc('深', '甲'), content: null } });
      const payload = head.replace(
        '"content":null',
        `"content":{"root":{"type":"root","version":1,"children":[${nested(nodes)}]}}`,
      );
      const answer = await app.inject({
        method: 'POST',
        url: '/api/exports/transient',
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ errors: { lexdoc: [`嵌套层级过深：最多 ${EXPORT_MAX_DEPTH} 层。`] } });
    }
  });

  it('refuses to export a stored document nested too deep (saved before the limit) with a 400', async () => {
    const app = await makeApp();
    const { auth, userId } = await signUp(app, getDb().database.db);
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < DOCUMENT_MAX_DEPTH; level += 1) deep = { a: deep };
    const content = { version: '2.0.0', editorState: { ...editorState('正文'), deep } };
    const [row] = await getDb()
      .database.db.insert(documents)
      .values({ userId, title: '旧文档', content, size: 1 })
      .returning({ id: documents.id });
    const answer = await post(app, auth, `/api/docs/${row?.id}/export`, { format: 'md' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      detail: `文档嵌套层级过深（最多 ${DOCUMENT_MAX_DEPTH} 层），无法导出。`,
    });
  });

  it('refuses a lexdoc whose parts have the wrong shape or size with a 400 naming the field', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const good = lexdoc('形状', '正文');
    const paragraph = good.content.root.children[0] as Record<string, unknown>;
    const text = (paragraph.children as Record<string, unknown>[])[0] as Record<string, unknown>;
    const withParagraph = (change: Record<string, unknown>) => ({
      ...good,
      content: { root: { ...good.content.root, children: [{ ...paragraph, ...change }] } },
    });
    const withText = (change: Record<string, unknown>) =>
      withParagraph({ children: [{ ...text, ...change }] });
    const cell = (change: Record<string, unknown>) =>
      withParagraph({
        type: 'table',
        children: [
          { type: 'tablerow', version: 1, children: [{ type: 'tablecell', version: 1, ...change }] },
        ],
      });
    const paragraphField = 'lexdoc.content.root.children.0';
    const cases: [unknown, string][] = [
      [withParagraph({ children: { 0: text } }), `${paragraphField}.children`],
      [withParagraph({ children: [null] }), `${paragraphField}.children.0`],
      [withText({ text: 42 }), `${paragraphField}.children.0.text`],
      [withText({ format: 2 ** 40 }), `${paragraphField}.children.0.format`],
      [withText({ style: 'x'.repeat(LEXICAL_STYLE_MAX + 1) }), `${paragraphField}.children.0.style`],
      [withParagraph({ indent: 1e9 }), `${paragraphField}.indent`],
      [withParagraph({ type: 42 }), `${paragraphField}.type`],
      [cell({ colSpan: 1e9 }), `${paragraphField}.children.0.children.0.colSpan`],
      [cell({ rowSpan: -1 }), `${paragraphField}.children.0.children.0.rowSpan`],
      [withParagraph({ type: 'table', colWidths: { length: 1e9 } }), `${paragraphField}.colWidths`],
      [
        { ...good, content: { root: { ...good.content.root, children: 'text' } } },
        'lexdoc.content.root.children',
      ],
      [{ ...good, version: 2 ** 31 }, 'lexdoc.version'],
      [
        { root: { type: 'root', children: [{ type: 'paragraph', children: {} }] } },
        'lexdoc.root.children.0.children',
      ],
      [{ lexicalState: JSON.stringify({ root: good.content.root }) }, 'lexdoc.lexicalState'],
    ];
    for (const [body, field] of cases) {
      const answer = await post(app, auth, '/api/exports/transient', { format: 'docx', lexdoc: body });
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys((answer.json() as { errors: object }).errors), field).toEqual([field]);
    }
    // Fields the converters do not read are kept as they came.
    const extra = await post(app, auth, '/api/exports/transient', {
      format: 'md',
      lexdoc: withText({ mode: 'normal', detail: 0, somethingNew: { a: [1] } }),
    });
    expect(extra.statusCode).toBe(201);
  });

  it('refuses to save, and to export, a document whose editor state has the wrong shape', async () => {
    const app = await makeApp();
    const { auth, userId } = await signUp(app, getDb().database.db);
    const broken = editorState('正文');
    (broken.root.children[0] as Record<string, unknown>).children = { 0: 'text' };
    const saved = await post(app, auth, '/api/docs/', {
      title: '坏',
      content: { version: '2.0.0', editorState: broken },
    });
    expect(saved.statusCode).toBe(400);
    expect(Object.keys((saved.json() as { errors: object }).errors)).toEqual([
      'content.editorState.root.children.0.children',
    ]);
    // One stored before the check is refused at export, not thrown on the worker.
    const [row] = await getDb()
      .database.db.insert(documents)
      .values({ userId, title: '旧文档', content: { version: '2.0.0', editorState: broken }, size: 1 })
      .returning({ id: documents.id });
    const exported = await post(app, auth, `/api/docs/${row?.id}/export`, { format: 'pdf' });
    expect(exported.statusCode).toBe(400);
    expect((exported.json() as { detail: string }).detail).toBe(
      '文档内容的格式有误（editorState.root.children.0.children），无法导出。请在编辑器中打开文档、重新保存后再导出。',
    );
  });

  it('drops bidirectional controls from the name of an export and of its download', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    // Shown as "发票exe.pdf" by the override, though the file is a .md.
    const title = '发票\u202Efdp.exe\u202C\u2066\u200E\u200F\u061C\u2069';
    const answer = await post(app, auth, '/api/exports/transient', {
      format: 'md',
      title,
      lexdoc: lexdoc('x', '正文'),
    });
    expect(answer.statusCode).toBe(201);
    const task = answer.json() as { download_url: string; file_name: string };
    expect(task.file_name).toBe('发票fdp.exe.md');
    const file = await app.inject({ method: 'GET', url: task.download_url, headers: auth });
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="__fdp.exe.md"; filename*=UTF-8''${encodeURIComponent('发票fdp.exe.md')}`,
    );
  });

  it('answers 410 for an expired file, drops it, and sweeps expired files', async () => {
    const app = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const { db } = getDb().database;
    const first = (
      await post(app, auth, '/api/exports/transient', { format: 'md', lexdoc: lexdoc('一', '甲') })
    ).json() as { id: string; download_url: string };
    const second = (
      await post(app, auth, '/api/exports/transient', { format: 'md', lexdoc: lexdoc('二', '乙') })
    ).json() as { id: string; download_url: string };
    const past = new Date(Date.now() - 1000);
    await db.update(exportFiles).set({ expiresAt: past }).where(eq(exportFiles.id, first.id));
    await db.update(exportFiles).set({ expiresAt: past }).where(eq(exportFiles.id, second.id));

    const expired = await app.inject({ method: 'GET', url: first.download_url, headers: auth });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'export_expired',
      detail: '下载地址已过期，导出文件已清理。请重新导出。',
    });
    expect(await db.select().from(exportFiles).where(eq(exportFiles.id, first.id))).toHaveLength(0);
    const again = await app.inject({ method: 'GET', url: first.download_url, headers: auth });
    expect(again.statusCode).toBe(404);

    // The sweep (the maintenance timer's task) drops the other one without anyone asking for it.
    const { ExportService } = await import('../src/modules/exports/service');
    const sweeper = new ExportService(db, {
      runner: new ExportRunner({ timeoutMs: 1000, maxQueued: 0, maxHeapMb: 64 }),
      timeoutSeconds: 1,
      logger: app.log as never,
    });
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(exportFiles).where(eq(exportFiles.id, second.id))).toHaveLength(0);
  });
});

describe('the export runner', () => {
  it('stops a conversion that overruns its time and runs the next one on a fresh worker', async () => {
    const runner = new ExportRunner({ timeoutMs: 50, maxQueued: 4, maxHeapMb: 512 });
    try {
      const long = Array.from({ length: 3000 }, (_, i) => `第 ${i} 段：${'长文本'.repeat(60)}`);
      const slow = runner.run({ format: 'pdf', source: { kind: 'lexdoc', lexdoc: lexdoc('长', ...long) } });
      await expect(slow).rejects.toBeInstanceOf(ExportTimeoutError);
    } finally {
      await runner.close();
    }
    const fresh = new ExportRunner({ timeoutMs: 60_000, maxQueued: 4, maxHeapMb: 512 });
    try {
      const file = await fresh.run({
        format: 'md',
        source: { kind: 'lexdoc', lexdoc: lexdoc('短', '一句话。') },
      });
      expect(new TextDecoder().decode(file.bytes)).toContain('一句话。');
    } finally {
      await fresh.close();
    }
  });

  it("takes one user's burst in turns with the others: the user's extra exports are refused, another user's go next", async () => {
    const runner = new ExportRunner({ timeoutMs: 60_000, maxQueued: 8, maxHeapMb: 512 });
    try {
      const job = (text: string) => ({
        format: 'md' as const,
        source: { kind: 'lexdoc' as const, lexdoc: lexdoc('题', text) },
      });
      const finished: string[] = [];
      const track = (name: string, run: Promise<unknown>) =>
        run.then(
          () => finished.push(name),
          (error: Error) => finished.push(`${name}: ${error.name}`),
        );
      const burst = [1, 2, 3, 4].map((n) => track(`a${n}`, runner.run(job(`甲 ${n}`), 'user-a')));
      const other = track('b1', runner.run(job('乙'), 'user-b'));
      await Promise.all([...burst, other]);
      // a1 runs, a2 waits, a3 and a4 are refused at once; b1, come later, starts before a2.
      expect(finished).toEqual(['a3: WorkerBusyError', 'a4: WorkerBusyError', 'a1', 'b1', 'a2']);
    } finally {
      await runner.close();
    }
  });

  it('writes RFC 5987 file names', () => {
    expect(contentDisposition('报告 (终稿).pdf')).toBe(
      `attachment; filename="__ (__).pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%28%E7%BB%88%E7%A8%BF%29.pdf`,
    );
    // A name stored before names were cleaned loses its bidirectional controls on the way out.
    expect(contentDisposition('a\u202Efdp.exe', 'inline')).toBe(
      `inline; filename="afdp.exe"; filename*=UTF-8''afdp.exe`,
    );
  });
});
