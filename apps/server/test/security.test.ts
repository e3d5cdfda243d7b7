import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { accountSessions, loginResponse } from '@wanxiang/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  authSessions,
  chatAttachments,
  chatMessages,
  chatSessions,
  creditLedger,
  users,
} from '../src/db/schema';
import { describeDevice } from '../src/modules/auth/security';
import { databaseKinds, json, useAppsWithFiles, useTestDatabase } from './helpers';

const PASSWORD = 'correct horse battery';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('the sign-in list names devices', () => {
  it('by browser and system, and says so when nothing is known', () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe('Chrome · Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari · iOS');
    expect(describeDevice(null)).toBe('未知设备');
  });
});

describe.each(databaseKinds)('the account’s own security on %s', (kind) => {
  const db = useTestDatabase(kind);
  const start = useAppsWithFiles(db, 'wx-account-files-');

  async function signIn(app: FastifyInstance, email: string, userAgent = CHROME_WINDOWS) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      payload: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    return loginResponse.parse(res.json());
  }

  async function signUp(app: FastifyInstance, email: string) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      ...json({ email, password: PASSWORD }),
    });
    expect(created.statusCode).toBe(201);
    return (created.json() as { id: string }).id;
  }

  const call = (
    app: FastifyInstance,
    access: string,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    body?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${access}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('lists the live sign-ins with device and address, ends one, then all the others', async () => {
    const { app } = await start();
    await signUp(app, 'devices@example.com');
    const laptop = await signIn(app, 'devices@example.com', CHROME_WINDOWS);
    const phone = await signIn(app, 'devices@example.com', SAFARI_IPHONE);
    const tablet = await signIn(app, 'devices@example.com', SAFARI_IPHONE);

    const listed = accountSessions.parse(
      (await call(app, laptop.access, 'GET', '/api/auth/sessions/')).json(),
    );
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome · Windows']);
    expect(listed.sessions.filter((s) => !s.current).map((s) => s.device)).toEqual([
      'Safari · iOS',
      'Safari · iOS',
    ]);

    // Ending the phone's sign-in stops its access token at once.
    const phoneRow = listed.sessions.find((s) => !s.current) as { id: string };
    const phoneSessionId = (await call(app, phone.access, 'GET', '/api/auth/sessions/'))
      .json()
      .sessions.find((s: { current: boolean }) => s.current).id;
    expect(
      (await call(app, laptop.access, 'DELETE', `/api/auth/sessions/${phoneSessionId}/`)).statusCode,
    ).toBe(200);
    expect((await call(app, phone.access, 'GET', '/api/auth/users/me/')).statusCode).toBe(401);
    // Ending it again, or someone else's, is a 404.
    expect(
      (await call(app, laptop.access, 'DELETE', `/api/auth/sessions/${phoneSessionId}/`)).statusCode,
    ).toBe(404);
    expect((await call(app, laptop.access, 'DELETE', `/api/auth/sessions/${randomUUID()}/`)).statusCode).toBe(
      404,
    );
    expect((await call(app, laptop.access, 'DELETE', '/api/auth/sessions/not-a-uuid/')).statusCode).toBe(400);
    expect(phoneRow.id).toBeTruthy();

    // 退出其他设备: the tablet goes, the laptop stays.
    const others = await call(app, laptop.access, 'POST', '/api/auth/sessions/end-all/', {
      keep_current: true,
    });
    expect(others.json()).toMatchObject({ ended: 1 });
    expect((await call(app, tablet.access, 'GET', '/api/auth/users/me/')).statusCode).toBe(401);
    expect((await call(app, laptop.access, 'GET', '/api/auth/users/me/')).statusCode).toBe(200);
    // 退出所有设备: the caller too.
    const all = await call(app, laptop.access, 'POST', '/api/auth/sessions/end-all/', {});
    expect(all.json()).toMatchObject({ ended: 1 });
    expect((await call(app, laptop.access, 'GET', '/api/auth/users/me/')).statusCode).toBe(401);
    // Nobody signed in may list anything.
    expect((await app.inject({ method: 'GET', url: '/api/auth/sessions/' })).statusCode).toBe(401);
  });

  it('changes the password only with the current one, and every other sign-in ends', async () => {
    const { app } = await start();
    await signUp(app, 'pw@example.com');
    const here = await signIn(app, 'pw@example.com');
    const elsewhere = await signIn(app, 'pw@example.com', SAFARI_IPHONE);

    const wrong = await call(app, here.access, 'POST', '/api/auth/password/', {
      old_password: 'not the password',
      new_password: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { old_password: ['密码不正确。'] } });
    const weak = await call(app, here.access, 'POST', '/api/auth/password/', {
      old_password: PASSWORD,
      new_password: '1234',
    });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().errors)).toEqual(['new_password']);
    const same = await call(app, here.access, 'POST', '/api/auth/password/', {
      old_password: PASSWORD,
      new_password: PASSWORD,
    });
    expect(same.json()).toEqual({ errors: { new_password: ['新密码不能与当前密码相同。'] } });
    // Refused attempts end nothing.
    expect((await call(app, elsewhere.access, 'GET', '/api/auth/users/me/')).statusCode).toBe(200);

    const changed = await call(app, here.access, 'POST', '/api/auth/password/', {
      old_password: PASSWORD,
      new_password: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(app, here.access, 'GET', '/api/auth/users/me/')).statusCode).toBe(200);
    expect((await call(app, elsewhere.access, 'GET', '/api/auth/users/me/')).statusCode).toBe(401);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      ...json({ refresh: elsewhere.refresh }),
    });
    expect(refreshed.statusCode).toBe(401);
    // The old password no longer signs in; the new one does.
    const old = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      ...json({ email: 'pw@example.com', password: PASSWORD }),
    });
    expect(old.statusCode).toBe(401);
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      ...json({ email: 'pw@example.com', password: 'a brand new secret' }),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('sets and clears the nickname within its bounds', async () => {
    const { app } = await start();
    await signUp(app, 'nick@example.com');
    const { access } = await signIn(app, 'nick@example.com');
    expect(
      (await call(app, access, 'PATCH', '/api/auth/users/me/', { nickname: '  小万\u202E  ' })).statusCode,
    ).toBe(200);
    expect((await call(app, access, 'GET', '/api/auth/users/me/')).json()).toMatchObject({
      nickname: '小万',
    });
    const long = await call(app, access, 'PATCH', '/api/auth/users/me/', { nickname: '长'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['nickname']);
    expect((await call(app, access, 'PATCH', '/api/auth/users/me/', { nickname: '' })).statusCode).toBe(200);
    expect((await call(app, access, 'GET', '/api/auth/users/me/')).json()).toMatchObject({ nickname: '' });
  });

  it('deletes the account with everything it made, its stored files included, after the password', async () => {
    const { app, files, root } = await start();
    const userId = await signUp(app, 'gone@example.com');
    const other = await signUp(app, 'stays@example.com');
    const { access } = await signIn(app, 'gone@example.com');
    // A conversation with a stored file.
    const database = db().database.db;
    const [session] = await database
      .insert(chatSessions)
      .values({ userId })
      .returning({ id: chatSessions.id });
    const [message] = await database
      .insert(chatMessages)
      .values({
        sessionId: session?.id as string,
        turnId: randomUUID(),
        position: 0,
        role: 'user',
        status: 'complete',
      })
      .returning({ id: chatMessages.id });
    const key = `chat/${userId}/${randomUUID()}`;
    const staged = path.join(root, 'staged.txt');
    await writeFile(staged, '用户的文件');
    await files.put(key, staged);
    await database.insert(chatAttachments).values({
      userId,
      sessionId: session?.id as string,
      messageId: message?.id as string,
      name: 'a.txt',
      mimeType: 'text/plain',
      size: 15,
      storageKey: key,
    });
    expect(await files.open(key)).toBeDefined();

    const wrong = await call(app, access, 'POST', '/api/auth/users/me/delete/', {
      password: 'nope nope nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { password: ['密码不正确。'] } });
    expect(
      (await call(app, access, 'POST', '/api/auth/users/me/delete/', { password: PASSWORD })).statusCode,
    ).toBe(200);

    expect(await database.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await database.select().from(authSessions).where(eq(authSessions.userId, userId))).toEqual([]);
    expect(await database.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toEqual([]);
    expect(await database.select().from(chatSessions).where(eq(chatSessions.userId, userId))).toEqual([]);
    expect(await files.open(key)).toBeUndefined();
    // Its token is dead, and the other account is untouched.
    expect((await call(app, access, 'GET', '/api/auth/users/me/')).statusCode).toBe(401);
    const [left] = await database
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.id, other));
    expect(left?.n).toBe(1);
    // The address is free again.
    await signUp(app, 'gone@example.com');
  });
});
