import { createMemoryDocumentRepository, type DocumentRepository } from '@wanxiang/editor';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paragraphs } from './cloudFixtures';
import { cloudLinks } from './cloudLinks';
import { CloudOutbox, queueMoveToCloud } from './cloudOutbox';
import { CloudSync } from './cloudSync';
import { contentText } from './cloudText';
import { fakeCloud } from './fakeCloud';
import { cloudFirst } from './repository';

const OWNER = 'user-1';
const textOf = (content: unknown) => contentText(content);

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A local save as the editor makes it (no tab's sync is told: the document is closed). */
async function write(local: DocumentRepository, id: string, ...texts: string[]) {
  await local.save(id, OWNER, paragraphs(...texts), texts[0] ?? '');
}

function outboxOf(local: DocumentRepository, server: ReturnType<typeof fakeCloud>, onChange?: () => void) {
  return new CloudOutbox({
    docs: server.api,
    local,
    owner: OWNER,
    retryDelaysMs: [5],
    withDocument: async (_id, work) => {
      await work();
      return true;
    },
    ...(onChange ? { onChange } : {}),
  });
}

describe('cloud-first documents', () => {
  it('makes a new blank document in the cloud with its first edit, not when it is opened', async () => {
    const local = cloudFirst(createMemoryDocumentRepository());
    const server = fakeCloud();
    const record = await local.create(OWNER);
    const link = cloudLinks.get(OWNER, record.id);
    expect(link).toMatchObject({ version: 0, dirty: false });
    const store = createStore();
    const sync = new CloudSync({ store, docs: server.api, local, owner: OWNER, localId: record.id });
    expect(store.get(sync.statusAtom)).toEqual({ kind: 'new' });
    await sync.open();
    // The editor's save on opening: still blank, nothing is made.
    const blank = paragraphs('');
    await local.save(record.id, OWNER, blank, '');
    sync.noteLocalSave(blank, '');
    await sync.open();
    expect(server.docs.size).toBe(0);

    await local.save(record.id, OWNER, paragraphs('第一个字'), '第一个字');
    sync.noteLocalSave(paragraphs('第一个字'), '第一个字');
    await expect.poll(() => server.docs.get(link?.cloudId ?? '')?.version).toBe(1);
    expect(textOf(server.docs.get(link?.cloudId ?? '')?.content)).toBe('第一个字');
    expect(store.get(sync.statusAtom).kind).toBe('saved');
    expect(cloudLinks.get(OWNER, record.id)).toMatchObject({ version: 1, dirty: false });
    sync.dispose();
  });

  it('keeps documents made with content (a kept version, a fetched copy) and without an account local', async () => {
    const local = cloudFirst(createMemoryDocumentRepository());
    const copy = await local.create(OWNER, { title: '副本', content: paragraphs('副本') });
    const anonymous = await local.create('anon');
    expect(cloudLinks.get(OWNER, copy.id)).toBeNull();
    expect(cloudLinks.get('anon', anonymous.id)).toBeNull();
  });
});

describe('CloudOutbox', () => {
  it('queues edits made offline and pushes each document’s newest content, oldest first, when back online', async () => {
    const local = cloudFirst(createMemoryDocumentRepository());
    const server = fakeCloud();
    server.state.offline = true;
    const first = await local.create(OWNER);
    const second = await local.create(OWNER);
    // Typed offline in two documents, in this order; the first one twice.
    for (const [id, texts, at] of [
      [first.id, ['甲'], 1000],
      [second.id, ['乙'], 2000],
      [first.id, ['甲', '甲的第二段'], 3000],
    ] as const) {
      await write(local, id, ...texts);
      cloudLinks.update(OWNER, id, { dirty: true, queuedAt: at });
    }
    const outbox = outboxOf(local, server);
    expect(outbox.waiting().map((w) => w.localId)).toEqual([first.id, second.id]);
    const offline = await outbox.drain();
    expect(offline).toMatchObject({ unreachable: true, saved: [] });
    expect(server.docs.size).toBe(0);
    expect(outbox.waiting()).toHaveLength(2);

    server.state.offline = false;
    const created: string[] = [];
    const create = server.api.create;
    server.api.create = async (input) => {
      created.push(textOf(input.content));
      return create(input);
    };
    const online = await outbox.drain();
    expect(online.saved).toEqual([first.id, second.id]);
    expect(created).toEqual(['甲\n甲的第二段', '乙']);
    expect(outbox.waiting()).toEqual([]);
    const firstCloud = cloudLinks.get(OWNER, first.id)?.cloudId ?? '';
    expect(textOf(server.docs.get(firstCloud)?.content)).toBe('甲\n甲的第二段');
    outbox.dispose();
  });

  it('drains on the online event and retries while the server does not answer', async () => {
    const local = cloudFirst(createMemoryDocumentRepository());
    const server = fakeCloud();
    server.state.offline = true;
    const record = await local.create(OWNER);
    await write(local, record.id, '断网时写的');
    cloudLinks.update(OWNER, record.id, { dirty: true });
    const changed = vi.fn();
    const outbox = outboxOf(local, server, changed);
    outbox.start();
    await vi.waitFor(() => expect(server.state.offline).toBe(true));
    server.state.offline = false;
    // The retry (every 5 ms here) or the online event, whichever comes first, pushes it.
    globalThis.dispatchEvent?.(new Event('online'));
    await expect.poll(() => cloudLinks.get(OWNER, record.id)?.dirty).toBe(false);
    expect(changed).toHaveBeenCalled();
    expect(server.docs.size).toBe(1);
    outbox.dispose();
  });

  it('saves later edits on the version it was based on and leaves a conflict waiting for the choice', async () => {
    const local = cloudFirst(createMemoryDocumentRepository());
    const server = fakeCloud();
    const record = await local.create(OWNER);
    await write(local, record.id, '开头');
    cloudLinks.update(OWNER, record.id, { dirty: true });
    const outbox = outboxOf(local, server);
    await outbox.drain();
    const { cloudId } = cloudLinks.get(OWNER, record.id) ?? { cloudId: '' };
    await write(local, record.id, '开头', '本机');
    cloudLinks.update(OWNER, record.id, { dirty: true });
    expect((await outbox.drain()).saved).toEqual([record.id]);
    expect(server.docs.get(cloudId)?.version).toBe(2);

    // Another device saves version 3; this device's next change is based on 2.
    await server.api.save(cloudId, {
      title: '开头',
      content: paragraphs('开头', '别处') as never,
      baseVersion: 2,
    });
    await write(local, record.id, '开头', '本机', '又一段');
    cloudLinks.update(OWNER, record.id, { dirty: true });
    const result = await outbox.drain();
    expect(result.conflicts).toEqual([record.id]);
    expect(cloudLinks.get(OWNER, record.id)).toMatchObject({ version: 2, dirty: true });
    expect(textOf(server.docs.get(cloudId)?.content)).toBe('开头\n别处');
  });

  it('moves local documents once: a retried or repeated move makes no second cloud document', async () => {
    const base = createMemoryDocumentRepository();
    const server = fakeCloud();
    const a = await base.create(OWNER, { title: '旧文档一', content: paragraphs('旧文档一') });
    const b = await base.create(OWNER, { title: '旧文档二', content: paragraphs('旧文档二') });
    const kept = await base.create(OWNER, { title: '只在本机', content: paragraphs('只在本机') });
    cloudLinks.setLocalOnly(OWNER, kept.id, true);
    const records = await base.listRecent(OWNER);

    expect(await queueMoveToCloud(OWNER, records)).toBe(2);
    const ids = [cloudLinks.get(OWNER, a.id)?.cloudId, cloudLinks.get(OWNER, b.id)?.cloudId];
    // The first push's answer is lost: the document was made, the link does not know it.
    server.state.loseAnswer = true;
    const outbox = outboxOf(base, server);
    const lost = await outbox.drain();
    expect(lost.unreachable).toBe(true);
    // A second move (another tab, a second click) binds nothing new.
    expect(await queueMoveToCloud(OWNER, records)).toBe(0);
    const again = await outbox.drain();
    expect(again.saved.sort()).toEqual([a.id, b.id].sort());
    expect([...server.docs.keys()].sort()).toEqual([...ids].sort());
    expect(cloudLinks.get(OWNER, kept.id)).toBeNull();
  });

  it('forgets a waiting document deleted here', async () => {
    const local = cloudFirst(createMemoryDocumentRepository());
    const server = fakeCloud();
    const record = await local.create(OWNER);
    await write(local, record.id, '删掉了');
    cloudLinks.update(OWNER, record.id, { dirty: true });
    await local.remove(record.id, OWNER);
    const result = await outboxOf(local, server).drain();
    expect(result.saved).toEqual([]);
    expect(cloudLinks.get(OWNER, record.id)).toBeNull();
    expect(server.docs.size).toBe(0);
  });
});
