import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { versionsToThin } from '../src/modules/docs/versions';
import { storageUsage } from '../src/modules/storage/quota';
import { signUp } from './chat-support';
import { contentOf, databaseKinds, testConfig, useTestDatabase } from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Version {
  version: number;
  size: number;
  size_delta: number;
  kind: string;
  name: string | null;
  restored_from: number | null;
  created_at: string;
}

describe('the thinning rule', () => {
  // 2026-03-10 12:00 Shanghai.
  const now = new Date('2026-03-10T04:00:00Z');
  const at = (msAgo: number, version: number) => ({ version, createdAt: new Date(now.getTime() - msAgo) });

  it('keeps autosaves of the last day that are ten minutes apart', () => {
    const versions = [at(DAY - 1000, 1), at(5 * HOUR, 2), at(HOUR, 3), at(60_000, 4)];
    expect(versionsToThin(versions, now, 4)).toEqual([]);
  });

  it('keeps the newest of each minute for ten minutes, then of each ten minutes for the day', () => {
    // 2026-03-10 11:50:00 to 11:50:50 Shanghai, one every ten seconds (a user typing), then 3 ten-second
    // saves 21 minutes ago, and the current version now.
    const typing = [0, 1, 2, 3, 4, 5].map((i) => at(10 * 60_000 - i * 10_000 - 5_000, i + 1));
    const earlier = [7, 8, 9].map((v, i) => at(21 * 60_000 + i * 10_000, v));
    const versions = [...typing, ...earlier, at(0, 10)];
    // 11:50:05 … 11:50:55 fall in one minute (the newest, 6, stays); 11:38:40 … 11:39:00 in one ten-minute
    // window, whose newest is 7.
    expect(versionsToThin(versions, now, 10)).toEqual([1, 2, 3, 4, 5, 8, 9]);
  });

  it('keeps the newest of each hour between a day and a week', () => {
    const base = 2 * DAY + 30 * 60_000; // two days ago, at :30 of an hour
    const versions = [at(base + 20 * 60_000, 1), at(base + 10 * 60_000, 2), at(base, 3), at(base - HOUR, 4)];
    // 1, 2, 3 are in one hour (the newest, 3, stays); 4 is in the next hour.
    expect(versionsToThin(versions, now, 10)).toEqual([1, 2]);
  });

  it('keeps the newest of each Shanghai day after a week, and never the current version', () => {
    // 2026-03-01 in Shanghai: 00:30 and 23:30 there (2026-02-28T16:30Z and 2026-03-01T15:30Z).
    const day = [
      { version: 1, createdAt: new Date('2026-02-28T16:30:00Z') },
      { version: 2, createdAt: new Date('2026-03-01T15:30:00Z') },
      // 2026-03-02 00:10 Shanghai: another day although the same UTC date as version 2.
      { version: 3, createdAt: new Date('2026-03-01T16:10:00Z') },
    ];
    expect(versionsToThin(day, now, 9)).toEqual([1]);
    expect(versionsToThin(day, now, 1)).toEqual([]);
  });
});

describe.each(databaseKinds)('document versions on %s', (kind) => {
  const getDb = useTestDatabase(kind);
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });
  /** An app whose clock the test sets. */
  async function makeApp() {
    const clock = { now: new Date('2026-03-01T02:00:00Z') };
    const app = await buildApp(await testConfig(), { database: getDb().database, now: () => clock.now });
    apps.push(app);
    await app.ready();
    return { app, clock };
  }
  type App = Awaited<ReturnType<typeof makeApp>>['app'];

  const send = (
    app: App,
    auth: Record<string, string>,
    method: 'POST' | 'PUT' | 'PATCH',
    url: string,
    body: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  async function history(app: App, auth: Record<string, string>, id: string, query = '') {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/docs/${id}/versions/${query}`,
      headers: auth,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as { versions: Version[]; next_before: number | null };
  }

  it('keeps every save as a version, reads, names and restores one, on top of the current', async () => {
    const { app, clock } = await makeApp();
    const { auth, userId } = await signUp(app, getDb().database.db);
    const db = getDb().database.db;

    const created = await send(app, auth, 'POST', '/api/docs/', {
      title: '草稿',
      content: contentOf('第一段'),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    clock.now = new Date('2026-03-01T02:05:00Z');
    const saved = await send(app, auth, 'PUT', `/api/docs/${id}/`, {
      title: '草稿',
      content: contentOf('第一段', '第二段'),
      base_version: 1,
      kind: 'manual',
    });
    expect(saved.statusCode).toBe(200);

    const listed = await history(app, auth, id);
    expect(listed.next_before).toBeNull();
    expect(listed.versions.map((v) => [v.version, v.kind])).toEqual([
      [2, 'manual'],
      [1, 'auto'],
    ]);
    const [second, first] = listed.versions as [Version, Version];
    expect(first.size_delta).toBe(first.size);
    expect(second.size_delta).toBe(second.size - first.size);
    expect(second.created_at).toBe('2026-03-01T02:05:00.000Z');
    expect(listed.versions[0]).not.toHaveProperty('content');

    const one = await app.inject({ method: 'GET', url: `/api/docs/${id}/versions/1/`, headers: auth });
    expect(one.json()).toMatchObject({ version: 1, content: contentOf('第一段') });

    const named = await send(app, auth, 'PATCH', `/api/docs/${id}/versions/2/`, {
      name: '  交给编辑的稿子 ',
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ version: 2, name: '交给编辑的稿子' });
    const tooLong = await send(app, auth, 'PATCH', `/api/docs/${id}/versions/2/`, { name: '长'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toContain('最多 100 个字');

    const restored = await send(app, auth, 'POST', `/api/docs/${id}/versions/1/restore/`, {});
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, content: contentOf('第一段') });
    const after = await history(app, auth, id);
    expect(after.versions.map((v) => [v.version, v.kind, v.restored_from, v.name])).toEqual([
      [3, 'restore', 1, null],
      [2, 'manual', null, '交给编辑的稿子'],
      [1, 'auto', null, null],
    ]);

    // Paged, newest first.
    const page = await history(app, auth, id, '?limit=2');
    expect(page.versions.map((v) => v.version)).toEqual([3, 2]);
    expect(page.next_before).toBe(2);
    const rest = await history(app, auth, id, '?limit=2&before=2');
    expect(rest.versions.map((v) => v.version)).toEqual([1]);
    expect(rest.next_before).toBeNull();

    // The document and every version count against storage, and are given back with the document.
    const sizes =
      after.versions.reduce((sum, v) => sum + v.size, 0) + (restored.json() as { size: number }).size;
    expect((await storageUsage(db, userId))?.used_bytes).toBe(sizes);
    const missing = await app.inject({ method: 'GET', url: `/api/docs/${id}/versions/9/`, headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toContain('第 9 版');
    expect((await app.inject({ method: 'DELETE', url: `/api/docs/${id}/`, headers: auth })).statusCode).toBe(
      204,
    );
    expect((await storageUsage(db, userId))?.used_bytes).toBe(0);
  });

  it('shows a document’s versions only to its owner', async () => {
    const { app } = await makeApp();
    const db = getDb().database.db;
    const owner = await signUp(app, db);
    const other = await signUp(app, db);
    const created = await send(app, owner.auth, 'POST', '/api/docs/', {
      title: '私人',
      content: contentOf('秘密'),
    });
    const { id } = created.json() as { id: string };
    for (const [method, url, body] of [
      ['GET', `/api/docs/${id}/versions/`, undefined],
      ['GET', `/api/docs/${id}/versions/1/`, undefined],
      ['PATCH', `/api/docs/${id}/versions/1/`, { name: '偷看' }],
      ['POST', `/api/docs/${id}/versions/1/restore/`, {}],
    ] as const) {
      const answer = await app.inject({
        method,
        url,
        headers: { ...other.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await history(app, owner.auth, id)).versions[0]?.name).toBeNull();
  });

  it('never refuses a save for its history: a full account drops its oldest autosaves, or keeps no copy', async () => {
    const { app, clock } = await makeApp();
    const db = getDb().database.db;
    const { auth, userId } = await signUp(app, db);
    const start = new Date('2026-03-01T02:00:00Z').getTime();
    const text = (n: number) => `第${n}稿：${'字'.repeat(2000)}`;
    const created = await send(app, auth, 'POST', '/api/docs/', {
      title: '长文',
      content: contentOf(text(1)),
    });
    const { id } = created.json() as { id: string };
    const size = (await history(app, auth, id)).versions[0]?.size ?? 0;
    expect(size).toBeGreaterThan(6000);
    // Room for one more copy and a half.
    const quota = (await storageUsage(db, userId))?.quota_bytes ?? 0;
    await db
      .update(users)
      .set({ storageUsedBytes: quota - Math.floor(1.5 * size) })
      .where(eq(users.id, userId));
    const saveAt = async (minutes: number, base: number) => {
      clock.now = new Date(start + minutes * 60_000);
      const answer = await send(app, auth, 'PUT', `/api/docs/${id}/`, {
        title: '长文',
        content: contentOf(text(base + 1)),
        base_version: base,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await saveAt(2, 1);
    await saveAt(4, 2);
    await saveAt(6, 3);
    // Each save past the first made room by dropping the oldest autosave.
    expect((await history(app, auth, id)).versions.map((v) => v.version)).toEqual([4, 3]);
    expect((await storageUsage(db, userId))?.used_bytes).toBeLessThanOrEqual(quota);
    // Named versions are never dropped for room: the next save lands without its copy.
    await send(app, auth, 'PATCH', `/api/docs/${id}/versions/3/`, { name: '初稿' });
    await send(app, auth, 'PATCH', `/api/docs/${id}/versions/4/`, { name: '二稿' });
    await saveAt(8, 4);
    const doc = (await app.inject({ method: 'GET', url: `/api/docs/${id}/`, headers: auth })).json() as {
      version: number;
    };
    expect(doc.version).toBe(5);
    expect((await history(app, auth, id)).versions.map((v) => v.version)).toEqual([4, 3]);
  });

  it('keeps the text a restore replaced, however many autosaves come after it', async () => {
    const { app, clock } = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const start = new Date('2026-03-01T02:00:00Z').getTime();
    clock.now = new Date(start);
    const created = await send(app, auth, 'POST', '/api/docs/', { title: '周报', content: contentOf('v1') });
    const { id } = created.json() as { id: string };
    const saveAt = async (ms: number, base: number) => {
      clock.now = new Date(start + ms);
      const answer = await send(app, auth, 'PUT', `/api/docs/${id}/`, {
        title: '周报',
        content: contentOf(`v${base + 1}`),
        base_version: base,
      });
      expect(answer.statusCode).toBe(200);
    };
    // Version 2 is typed within the minute of version 1, then version 1 is restored (version 3).
    await saveAt(20_000, 1);
    clock.now = new Date(start + 40_000);
    const restored = await send(app, auth, 'POST', `/api/docs/${id}/versions/1/restore/`, {});
    expect(restored.statusCode).toBe(200);
    expect((await history(app, auth, id)).versions.map((v) => [v.version, v.kind])).toEqual([
      [3, 'restore'],
      [2, 'auto'],
      [1, 'auto'],
    ]);
    // Autosaves in the same minute and, days later, in the same ten minutes and day: version 2 (the text
    // the restore replaced) outlives them all, where an ordinary autosave (version 1) does not.
    await saveAt(50_000, 3);
    await saveAt(2 * DAY, 4);
    const kept = (await history(app, auth, id)).versions;
    expect(kept.map((v) => [v.version, v.kind])).toEqual([
      [5, 'auto'],
      [4, 'auto'],
      [3, 'restore'],
      [2, 'auto'],
    ]);
  });

  it('keeps a save that says it puts back an earlier version as a restore, and refuses a later one', async () => {
    const { app } = await makeApp();
    const { auth } = await signUp(app, getDb().database.db);
    const created = await send(app, auth, 'POST', '/api/docs/', { title: '周报', content: contentOf('v1') });
    const { id } = created.json() as { id: string };
    const save = (base: number, text: string, restoredFrom?: number) =>
      send(app, auth, 'PUT', `/api/docs/${id}/`, {
        title: '周报',
        content: contentOf(text),
        base_version: base,
        ...(restoredFrom ? { restored_from: restoredFrom } : {}),
      });
    expect((await save(1, 'v2')).statusCode).toBe(200);
    const ahead = await save(2, 'v1', 3);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().detail).toContain('只能恢复更早的版本');
    expect((await save(2, 'v1', 1)).statusCode).toBe(200);
    expect((await history(app, auth, id)).versions.map((v) => [v.version, v.kind, v.restored_from])).toEqual([
      [3, 'restore', 1],
      [2, 'auto', null],
      [1, 'auto', null],
    ]);
  });

  it('thins old unnamed autosaves on later saves, keeping named and manual ones', async () => {
    const { app, clock } = await makeApp();
    const db = getDb().database.db;
    const { auth, userId } = await signUp(app, db);
    const start = new Date('2026-03-01T02:00:00Z').getTime();
    clock.now = new Date(start);
    const created = await send(app, auth, 'POST', '/api/docs/', { title: '日记', content: contentOf('v1') });
    const { id } = created.json() as { id: string };
    // Versions 2–4 within one hour, version 5 (manual) in it too, then version 6 an hour later.
    const saveAt = async (ms: number, base: number, saveKind?: 'manual') => {
      clock.now = new Date(start + ms);
      const answer = await send(app, auth, 'PUT', `/api/docs/${id}/`, {
        title: '日记',
        content: contentOf(`v${base + 1}`),
        base_version: base,
        ...(saveKind ? { kind: saveKind } : {}),
      });
      expect(answer.statusCode).toBe(200);
    };
    await saveAt(10 * 60_000, 1);
    await saveAt(20 * 60_000, 2);
    await saveAt(30 * 60_000, 3);
    await saveAt(40 * 60_000, 4, 'manual');
    await saveAt(HOUR + 10 * 60_000, 5);
    await send(app, auth, 'PATCH', `/api/docs/${id}/versions/2/`, { name: '开头' });
    // Within a day nothing ten minutes apart is thinned.
    await saveAt(DAY - 60_000, 6);
    expect((await history(app, auth, id)).versions.map((v) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    // Two days later: of the autosaves 1, 3 and 4 in the first hour only the newest (4) stays; 2 is named,
    // 5 was saved by hand, 6 is alone in its hour, 7 is alone in its hour.
    await saveAt(2 * DAY, 7);
    const kept = (await history(app, auth, id)).versions;
    expect(kept.map((v) => v.version)).toEqual([8, 7, 6, 5, 4, 2]);
    // The thinned versions' bytes were given back.
    const doc = (await app.inject({ method: 'GET', url: `/api/docs/${id}/`, headers: auth })).json() as {
      size: number;
    };
    const expected = kept.reduce((sum, v) => sum + v.size, 0) + doc.size;
    expect((await storageUsage(db, userId))?.used_bytes).toBe(expected);
  });
});
