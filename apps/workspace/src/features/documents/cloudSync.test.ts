import type { CloudDocumentContent } from '@wanxiang/api-client';
import { createMemoryDocumentRepository, type DocumentRepository } from '@wanxiang/editor';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paragraphs } from './cloudFixtures';
import { cloudLinks } from './cloudLinks';
import { CloudSync } from './cloudSync';
import { contentText } from './cloudText';
import { fakeCloud as cloud } from './fakeCloud';

const OWNER = 'user-1';

const textOf = (content: unknown) => contentText(content);

async function setup(local: DocumentRepository, server: ReturnType<typeof cloud>, text = '第一段') {
  const record = await local.create(OWNER, { title: text, content: paragraphs(text) });
  const sync = new CloudSync({
    store,
    docs: server.api,
    local,
    owner: OWNER,
    localId: record.id,
    retryDelaysMs: [5],
  });
  return { sync, id: record.id };
}

/** A document saved to the cloud once (version 1), with its sync still running. */
async function inTheCloud(local: DocumentRepository, server: ReturnType<typeof cloud>) {
  const { sync, id } = await setup(local, server);
  await sync.saveNow();
  return { sync, id, cloudId: cloudLinks.get(OWNER, id)?.cloudId ?? '' };
}

/** Another device (or tab) saves these paragraphs to the cloud document on `baseVersion`. */
async function savedElsewhere(
  server: ReturnType<typeof cloud>,
  cloudId: string,
  baseVersion: number,
  ...texts: string[]
) {
  await server.api.save(cloudId, {
    title: texts[0] ?? '',
    content: paragraphs(...texts) as CloudDocumentContent,
    baseVersion,
  });
}

/** A local save as the editor makes it, then the page telling the sync. */
async function edit(local: DocumentRepository, sync: CloudSync, id: string, ...texts: string[]) {
  const content = paragraphs(...texts);
  await local.save(id, OWNER, content, texts[0] ?? '');
  sync.noteLocalSave(content, texts[0] ?? '');
}

/** The jotai store the syncs' statuses are read from, a new one for each test. */
let store = createStore();

beforeEach(() => {
  store = createStore();
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('CloudSync', () => {
  it('keeps a document local until 保存到云端, then saves each change on the version it was based on', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id } = await setup(local, server);
    await edit(local, sync, id, '第一段', '本机的第二段');
    expect(server.docs.size).toBe(0);
    expect(store.get(sync.statusAtom)).toEqual({ kind: 'local' });

    await sync.saveNow();
    const link = cloudLinks.get(OWNER, id);
    expect(link).toMatchObject({ version: 1, dirty: false });
    expect(store.get(sync.statusAtom).kind).toBe('saved');
    await edit(local, sync, id, '第一段', '本机的第二段', '第三段');
    await expect.poll(() => server.docs.get(link?.cloudId ?? '')?.version).toBe(2);
    expect(textOf(server.docs.get(link?.cloudId ?? '')?.content)).toContain('第三段');
    sync.dispose();
  });

  it('says of the save that carries a restored version which version it puts back, and of that save only', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id } = await setup(local, server);
    await sync.saveNow();
    await edit(local, sync, id, '第一段', '第二段');
    await expect.poll(() => server.state.restores.length).toBe(1);
    // Restoring the text the cloud already has saves nothing and marks nothing.
    sync.markRestore(2);
    await edit(local, sync, id, '第一段', '第二段');
    await sync.saveNow();
    expect(server.state.restores).toEqual([null]);
    // 恢复此版本 of version 1: its save says so; the next edit is an ordinary save again.
    sync.markRestore(1);
    await edit(local, sync, id, '第一段');
    await expect.poll(() => server.state.restores).toEqual([null, 1]);
    await edit(local, sync, id, '第一段', '恢复后又写的');
    await expect.poll(() => server.state.restores).toEqual([null, 1, null]);
    sync.dispose();
  });

  it('makes one cloud document when the first save’s answer was lost, with the newest text on it', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id } = await setup(local, server);
    server.state.loseAnswer = true;
    await sync.saveNow();
    // Stored on the server, but this page never heard so: it waits offline and retries.
    expect(server.docs.size).toBe(1);
    await edit(local, sync, id, '第一段', '断线后写的第二段');
    await expect.poll(() => store.get(sync.statusAtom).kind).toBe('saved');
    expect(server.docs.size).toBe(1);
    const link = cloudLinks.get(OWNER, id);
    expect(link?.cloudId).toBe([...server.docs.keys()][0]);
    expect(textOf(server.docs.get(link?.cloudId ?? '')?.content)).toContain('断线后写的第二段');
    expect(link?.dirty).toBe(false);
    sync.dispose();
  });

  it('does not save an unchanged document again (the editor saves once on opening)', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id } = await setup(local, server);
    await sync.saveNow();
    await edit(local, sync, id, '第一段');
    await edit(local, sync, id, '第一段');
    await sync.saveNow();
    expect(server.state.saves).toBe(0);
    expect(store.get(sync.statusAtom).kind).toBe('saved');
    sync.dispose();
  });

  it('keeps offline edits locally and saves the newest when the server answers again', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id, cloudId } = await inTheCloud(local, server);

    server.state.offline = true;
    await edit(local, sync, id, '第一段', '离线时写的');
    await expect.poll(() => store.get(sync.statusAtom).kind).toBe('offline');
    expect(cloudLinks.get(OWNER, id)?.dirty).toBe(true);
    await edit(local, sync, id, '第一段', '离线时写的', '还是离线');

    server.state.offline = false;
    await expect.poll(() => store.get(sync.statusAtom).kind).toBe('saved');
    expect(textOf(server.docs.get(cloudId)?.content)).toContain('还是离线');
    expect(cloudLinks.get(OWNER, id)).toMatchObject({ dirty: false, version: 2 });
    sync.dispose();
  });

  it('turns a save from a stale version into a conflict; keeping mine saves it and keeps theirs as a local copy', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id, cloudId } = await inTheCloud(local, server);
    // Another device saves version 2.
    await savedElsewhere(server, cloudId, 1, '第一段', '手机上的');

    await edit(local, sync, id, '第一段', '电脑上的');
    await expect.poll(() => store.get(sync.statusAtom).kind).toBe('conflict');
    const status = store.get(sync.statusAtom);
    if (status.kind !== 'conflict') throw new Error('no conflict');
    expect(textOf(status.conflict.mine.content)).toContain('电脑上的');
    expect(textOf(status.conflict.theirs.content)).toContain('手机上的');
    expect(server.docs.get(cloudId)?.version).toBe(2);

    // Typing on while the choice waits joins this page's version.
    await edit(local, sync, id, '第一段', '电脑上的', '接着写的');
    await sync.keepMine();
    expect(store.get(sync.statusAtom).kind).toBe('saved');
    expect(server.docs.get(cloudId)?.version).toBe(3);
    expect(textOf(server.docs.get(cloudId)?.content)).toContain('接着写的');
    const titles = (await local.listRecent(OWNER)).map((record) => record.title);
    expect(titles).toContain('第一段（云端版本）');
    const copy = (await local.listRecent(OWNER)).find((record) => record.title === '第一段（云端版本）');
    expect(textOf((await local.load(copy?.id ?? '', OWNER))?.content)).toContain('手机上的');
    sync.dispose();
  });

  it('keeping theirs makes the cloud version the local one and keeps mine as a local copy', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id, cloudId } = await inTheCloud(local, server);
    await savedElsewhere(server, cloudId, 1, '第一段', '手机上的');
    await edit(local, sync, id, '第一段', '电脑上的');
    await expect.poll(() => store.get(sync.statusAtom).kind).toBe('conflict');

    const copyId = await sync.keepTheirs();
    expect(textOf((await local.load(id, OWNER))?.content)).toContain('手机上的');
    expect(textOf((await local.load(copyId ?? '', OWNER))?.content)).toContain('电脑上的');
    expect(cloudLinks.get(OWNER, id)).toMatchObject({ version: 2, dirty: false });
    expect(store.get(sync.statusAtom).kind).toBe('saved');
    sync.dispose();
  });

  it('on opening, finds no conflict when the local copy already has the newer cloud version’s text', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id, cloudId } = await inTheCloud(local, server);
    sync.dispose();
    // Another tab of this browser saved the text here and in the cloud; its link had not caught up.
    await local.save(id, OWNER, paragraphs('第一段', '另一个标签页写的'), '第一段');
    await savedElsewhere(server, cloudId, 1, '第一段', '另一个标签页写的');
    cloudLinks.update(OWNER, id, { dirty: true });

    const reopened = new CloudSync({ store, docs: server.api, local, owner: OWNER, localId: id });
    expect(await reopened.open()).toBe(false);
    expect(store.get(reopened.statusAtom).kind).toBe('saved');
    expect(cloudLinks.get(OWNER, id)).toMatchObject({ version: 2, dirty: false });
    reopened.dispose();
  });

  it('on opening, takes a newer cloud version over an unchanged copy, and shows a conflict over offline edits', async () => {
    const local = createMemoryDocumentRepository();
    const server = cloud();
    const { sync, id, cloudId } = await inTheCloud(local, server);
    sync.dispose();
    await savedElsewhere(server, cloudId, 1, '第一段', '别处的 2');

    const reopened = new CloudSync({ store, docs: server.api, local, owner: OWNER, localId: id });
    expect(await reopened.open()).toBe(true);
    expect(textOf((await local.load(id, OWNER))?.content)).toContain('别处的 2');
    reopened.dispose();

    // Edited here while offline (the link says so), saved elsewhere meanwhile: neither wins unseen.
    cloudLinks.update(OWNER, id, { dirty: true });
    await local.save(id, OWNER, paragraphs('第一段', '离线写的'), '第一段');
    await savedElsewhere(server, cloudId, 2, '第一段', '别处的 3');
    const again = new CloudSync({ store, docs: server.api, local, owner: OWNER, localId: id });
    expect(await again.open()).toBe(false);
    expect(store.get(again.statusAtom).kind).toBe('conflict');
    expect(textOf((await local.load(id, OWNER))?.content)).toContain('离线写的');
    again.dispose();
  });
});
