import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments, chatMessages } from '../src/db/schema';
import {
  checkGeneratedImage,
  imagesOfChunk,
  MAX_GENERATED_IMAGE_BYTES,
} from '../src/modules/chat/attachments/generated';
import { setUserQuota, storageUsage } from '../src/modules/storage/quota';
import { finalOf, follow, ledgerState, rawTurn, sendTurn, signUp, textOf, turnOf } from './chat-support';
import { type FakeOpenAI, fakeModelsConfig, startFakeOpenAI } from './fake-openai';
import { databaseKinds, listen, tempDir, useApps, useTestDatabase } from './helpers';
import { PNG, storedFiles } from './uploads';

const NOT_AN_IMAGE = Buffer.from('<html>definitely not a picture</html>');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('generated images, checked', () => {
  it('keeps the image types uploads accept, by their bytes, and drops the rest', async () => {
    expect(await checkGeneratedImage(PNG)).toEqual({ mimeType: 'image/png', extension: 'png' });
    expect(await checkGeneratedImage(NOT_AN_IMAGE)).toEqual({
      problem: expect.stringContaining('不是有效的图片'),
    });
    expect(await checkGeneratedImage(new Uint8Array())).toEqual({
      problem: expect.stringContaining('不是有效'),
    });
    const huge = Buffer.alloc(MAX_GENERATED_IMAGE_BYTES + 1);
    PNG.copy(huge);
    expect(await checkGeneratedImage(huge)).toEqual({ problem: expect.stringContaining('超过 20 MB') });
  });

  it('reads images from data: URLs in OpenAI-compatible chunks, and counts those given by another address', () => {
    const chunk = (url: string) => ({
      choices: [{ delta: { images: [{ type: 'image_url', image_url: { url } }] } }],
    });
    expect(imagesOfChunk(chunk(dataUrl('image/png', PNG)))).toEqual({ images: [PNG], linked: 0 });
    expect(imagesOfChunk(chunk('https://example.com/a.png'))).toEqual({ images: [], linked: 1 });
    // A data: URL that does not decode is no image and no address either: the image checks name it.
    expect(imagesOfChunk(chunk('data:image/png;base64'))).toEqual({ images: [], linked: 0 });
    expect(imagesOfChunk({ choices: [{ delta: { content: '你好' } }] })).toEqual({ images: [], linked: 0 });
    expect(imagesOfChunk(null)).toEqual({ images: [], linked: 0 });
  });
});

describe.each(databaseKinds)('generated images on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);
  let upstream: FakeOpenAI;
  let data: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    upstream = await startFakeOpenAI();
    data = await tempDir('wx-generated-');
  });
  afterAll(async () => {
    await upstream.close();
    await data.remove();
  });

  /** Instances of the server sharing the database and the file store. */
  const instance = () =>
    app({
      MODELS_CONFIG_JSON: fakeModelsConfig(upstream.baseURL, ['images', 'stream']),
      RATE_LIMIT_MAX: '100000',
      MODEL_RETRIES: '0',
      DATA_DIR: data.dir,
    });

  async function setup() {
    const server = await instance();
    const base = await listen(server);
    const database = db().database.db;
    const owner = await signUp(server, database, 1000);
    return { server, base, database, owner };
  }

  it('stores the image like an upload, shows it at once, and serves it to its owner only', async () => {
    const { server, base, database, owner } = await setup();
    upstream.options.images = [dataUrl('image/png', PNG)];
    const before = await ledgerState(database, owner.userId);
    const { status, events } = await sendTurn(base, owner.access, {
      session_id: null,
      model_id: 'images',
      prompt: { text: '画一个像素' },
    });
    expect(status).toBe(200);
    // The watching tab gets the bytes, so that the image shows before anything is fetched.
    const shown = events.filter((event) => event.type === 'image_data');
    expect(shown).toEqual([
      { type: 'image_data', image: { mime_type: 'image/png', data: PNG.toString('base64') } },
    ]);
    expect(textOf(events)).toBe('这是你好，这是模拟的回答。');
    const final = finalOf(events);
    expect(final.status).toBe('complete');
    expect(final.notices).toBeUndefined();
    // Billing is the provider's usage, images or not: 1200 + 800 tokens at 1 and 2 per 1000.
    expect(final.credits_charged).toBe(3);
    expect((await ledgerState(database, owner.userId)).balance).toBe(before.balance - 3);

    // The stored answer names the file; its row holds no bytes.
    const [row] = await database
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, final.message_id as string));
    expect(JSON.stringify(row?.parts)).not.toContain(PNG.toString('base64'));
    const detail = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: owner.auth,
    });
    const answer = detail.json().history[1];
    expect(answer.content).toEqual([
      { type: 'text', text: '这是你好，这是模拟的回答。' },
      {
        type: 'image_file',
        id: expect.any(String),
        mime_type: 'image/png',
        size: PNG.length,
        url: expect.stringMatching(/^\/chat\/files\/[0-9a-f-]{36}\/$/),
      },
    ]);
    const image = answer.content[1];
    const files = await database.select().from(chatAttachments).where(eq(chatAttachments.id, image.id));
    expect(files).toEqual([
      expect.objectContaining({
        userId: owner.userId,
        sessionId: final.session_id,
        messageId: final.message_id,
        kind: 'generated',
        mimeType: 'image/png',
        size: PNG.length,
        name: '生成的图片-1.png',
      }),
    ]);
    expect(await storedFiles(data.dir)).toContain(image.id);

    const fetched = await server.inject({ method: 'GET', url: `/api${image.url}`, headers: owner.auth });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.rawPayload.equals(PNG)).toBe(true);
    const other = await signUp(server, database, 1000);
    expect(
      (await server.inject({ method: 'GET', url: `/api${image.url}`, headers: other.auth })).statusCode,
    ).toBe(404);

    // Deleting the session deletes the image: its row and its bytes.
    const deleted = await server.inject({
      method: 'DELETE',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: owner.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await database.select().from(chatAttachments).where(eq(chatAttachments.id, image.id))).toEqual([]);
    expect(await storedFiles(data.dir)).not.toContain(image.id);
    expect(
      (await server.inject({ method: 'GET', url: `/api${image.url}`, headers: owner.auth })).statusCode,
    ).toBe(404);
  });

  it('reaches a tab following the answer from another instance, as its bytes, when the answer ends', async () => {
    const { base, owner } = await setup();
    const elsewhere = await listen(await instance());
    let release = () => {};
    upstream.options.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    upstream.options.images = [dataUrl('image/png', PNG)];
    try {
      const asking = rawTurn(base, owner.access, {
        session_id: null,
        model_id: 'images',
        prompt: { text: '画一个像素' },
      });
      await asking.textFrames(1);
      const turn = turnOf(asking.received);
      // The model is still at work (held after its image): the other instance follows the stored answer.
      const following = follow(elsewhere, owner.access, turn.session_id);
      await following.until((events) => events.some((event) => event.type === 'turn'));
      release();
      await following.ended;
      await asking.ended;
      expect(following.status).toBe(200);
      expect(following.events.filter((event) => event.type === 'image_data')).toEqual([
        { type: 'image_data', image: { mime_type: 'image/png', data: PNG.toString('base64') } },
      ]);
      expect(textOf(following.events)).toBe('这是你好，这是模拟的回答。');
      expect(finalOf(following.events)).toMatchObject({
        status: 'complete',
        message_id: turn.message_id,
      });
    } finally {
      release();
      upstream.options.hold = undefined;
    }
  });

  it('says once that images given by address were not fetched, and keeps the ones sent inline', async () => {
    const { server, base, owner } = await setup();
    upstream.options.images = [
      'https://images.example.com/a.png',
      dataUrl('image/png', PNG),
      'http://169.254.169.254/latest/meta-data/',
    ];
    const { events } = await sendTurn(base, owner.access, {
      session_id: null,
      model_id: 'images',
      prompt: { text: '画三张' },
    });
    expect(events.filter((event) => event.type === 'image_data')).toHaveLength(1);
    const final = finalOf(events);
    expect(final.status).toBe('complete');
    expect(final.notices).toEqual(['模型以网址形式给出了图片，为安全起见未获取，未显示。']);
    const detail = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: owner.auth,
    });
    expect(detail.json().history[1].metadata.notices).toEqual([
      '模型以网址形式给出了图片，为安全起见未获取，未显示。',
    ]);
  });

  it('drops an image that is not one, with a note in the answer and after a reload', async () => {
    const { server, base, database, owner } = await setup();
    upstream.options.images = [dataUrl('image/png', NOT_AN_IMAGE), dataUrl('image/png', PNG)];
    const { events } = await sendTurn(base, owner.access, {
      session_id: null,
      model_id: 'images',
      prompt: { text: '画两张' },
    });
    const shown = events.filter((event) => event.type === 'image_data');
    expect(shown).toHaveLength(1);
    const final = finalOf(events);
    expect(final.status).toBe('complete');
    expect(final.notices).toEqual(['模型返回的一张图片不是有效的图片，未显示。']);
    const detail = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: owner.auth,
    });
    const answer = detail.json().history[1];
    expect(answer.metadata.notices).toEqual(['模型返回的一张图片不是有效的图片，未显示。']);
    expect(answer.content.filter((part: { type: string }) => part.type === 'image_file')).toHaveLength(1);
    const rows = await database
      .select()
      .from(chatAttachments)
      .where(eq(chatAttachments.messageId, final.message_id as string));
    expect(rows.map((file) => file.mimeType)).toEqual(['image/png']);
  });

  it('keeps an image only while the allowance has room: past it, the answer says storage is full and keeps nothing', async () => {
    const { server, base, database, owner } = await setup();
    // Room for one 1×1 PNG and not for a second.
    await setUserQuota(database, owner.userId, PNG.length + 10);
    upstream.options.images = [dataUrl('image/png', PNG), dataUrl('image/png', PNG)];
    const before = (await storedFiles(data.dir)).length;
    const { events } = await sendTurn(base, owner.access, {
      session_id: null,
      model_id: 'images',
      prompt: { text: '画两张' },
    });
    // Both show at once: the tab has their bytes either way.
    expect(events.filter((event) => event.type === 'image_data')).toHaveLength(2);
    const final = finalOf(events);
    expect(final.status).toBe('complete');
    expect(final.notices).toEqual([
      `存储空间已满：已用 ${PNG.length} 字节 / ${PNG.length + 10} 字节，剩余 10 字节，生成的图片需要 ${PNG.length} 字节。请删除不需要的会话、云端文档或导出文件后再试。`,
    ]);
    expect((await storedFiles(data.dir)).length).toBe(before + 1);
    expect(await storageUsage(database, owner.userId)).toEqual({
      used_bytes: PNG.length,
      quota_bytes: PNG.length + 10,
    });
    const detail = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: owner.auth,
    });
    const answer = detail.json().history[1];
    expect(answer.content.filter((part: { type: string }) => part.type === 'image_file')).toHaveLength(1);
  });

  it('still shows an answer stored with its image inline', async () => {
    const { server, base, database, owner } = await setup();
    const { events } = await sendTurn(base, owner.access, {
      session_id: null,
      model_id: 'stream',
      prompt: { text: '你好' },
    });
    const final = finalOf(events);
    // As answers were stored before generated images went to the file store.
    await database
      .update(chatMessages)
      .set({ parts: [{ type: 'image_data', mime_type: 'image/png', data: PNG.toString('base64') }] })
      .where(eq(chatMessages.id, final.message_id as string));
    const detail = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: owner.auth,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().history[1].content).toEqual([
      { type: 'text', text: '你好，这是模拟的回答。' },
      { type: 'image_data', mime_type: 'image/png', data: PNG.toString('base64') },
    ]);
    expect(detail.json().history[1].metadata.notices).toBeUndefined();
  });
});
