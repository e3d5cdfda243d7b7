import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { temporaryPassword, usersCommand } from '../src/modules/users/cli';
import { databaseKinds, json, useApps, useTestDatabase } from './helpers';

const PASSWORD = 'correct horse battery';

describe('a temporary password', () => {
  it('is four groups of four readable characters, different every time', () => {
    const seen = new Set(Array.from({ length: 50 }, () => temporaryPassword()));
    expect(seen.size).toBe(50);
    for (const password of seen)
      expect(password).toMatch(/^[A-HJKMNP-Za-hjkmnp-z2-9]{4}(-[A-HJKMNP-Za-hjkmnp-z2-9]{4}){3}$/);
  });
});

describe.each(databaseKinds)('the operator’s users command on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('gives a user who forgot the password a temporary one and ends their sign-ins; disables and enables', async () => {
    const server = await app();
    const database = db().database.db;
    expect(
      (
        await server.inject({
          method: 'POST',
          url: '/api/auth/register/',
          ...json({ email: 'Forgot@Example.com', password: PASSWORD }),
        })
      ).statusCode,
    ).toBe(201);
    const login = (password: string) =>
      server.inject({
        method: 'POST',
        url: '/api/auth/login/',
        ...json({ email: 'forgot@example.com', password }),
      });
    const signedIn = (await login(PASSWORD)).json() as { access: string };
    const me = () =>
      server.inject({
        method: 'GET',
        url: '/api/auth/users/me/',
        headers: { authorization: `Bearer ${signedIn.access}` },
      });
    expect((await me()).statusCode).toBe(200);

    const lines: string[] = [];
    expect(
      await usersCommand(database, ['reset-password', 'FORGOT@example.com'], (line) => lines.push(line)),
    ).toBe(0);
    const temporary = /临时密码：(\S+)/.exec(lines[0] ?? '')?.[1] as string;
    expect(temporary).toMatch(/^\S{4}-\S{4}-\S{4}-\S{4}$/);
    expect((await me()).statusCode).toBe(401);
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login(temporary)).statusCode).toBe(200);

    const fresh = (await login(temporary)).json() as { access: string };
    expect(await usersCommand(database, ['disable', 'forgot@example.com'], () => undefined)).toBe(0);
    const [row] = await database
      .select({ active: users.isActive })
      .from(users)
      .where(eq(users.email, 'forgot@example.com'));
    expect(row?.active).toBe(false);
    expect(
      (
        await server.inject({
          method: 'GET',
          url: '/api/auth/users/me/',
          headers: { authorization: `Bearer ${fresh.access}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await login(temporary)).statusCode).toBe(401);
    expect(await usersCommand(database, ['enable', 'forgot@example.com'], () => undefined)).toBe(0);
    expect((await login(temporary)).statusCode).toBe(200);

    const out: string[] = [];
    expect(
      await usersCommand(database, ['reset-password', 'nobody@example.com'], (line) => out.push(line)),
    ).toBe(1);
    expect(out).toEqual(['没有这个账号：nobody@example.com']);
    expect(await usersCommand(database, ['explode', 'forgot@example.com'], () => undefined)).toBe(2);
    expect(await usersCommand(database, [], () => undefined)).toBe(2);
  });
});
