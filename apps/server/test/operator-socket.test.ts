import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { adminCommand } from '../src/modules/account/admin-cli';
import { runThroughSocket, serveOperatorSocket } from '../src/operator/socket';
import { tempDir } from './helpers';

describe('operator commands through the running server’s socket (embedded database)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('makes the first admin while the server holds the database, and says when no server listens', async () => {
    const data = await tempDir('wx-operator-');
    cleanups.push(data.remove);
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    // No server yet: the CLI is told to open the database itself.
    expect(await runThroughSocket(data.dir, 'admin', ['list'], out, out)).toBeUndefined();

    const database: Database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    cleanups.push(() => database.close());
    await database.migrate();
    await database.db.insert(users).values({ email: 'ops@example.com', passwordHash: 'x' });
    const close = await serveOperatorSocket(
      database.db,
      data.dir,
      { admin: adminCommand },
      pino({ level: 'silent' }),
    );
    cleanups.push(close);

    expect(await runThroughSocket(data.dir, 'admin', ['grant', 'OPS@example.com'], out, out)).toBe(0);
    expect(lines).toEqual(['OPS@example.com 现在是管理员。']);
    const [row] = await database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'ops@example.com'));
    expect(row?.role).toBe('admin');

    lines.length = 0;
    expect(await runThroughSocket(data.dir, 'admin', ['grant', 'nobody@example.com'], out, out)).toBe(1);
    expect(lines).toEqual(['没有这个账号：nobody@example.com']);
    lines.length = 0;
    expect(await runThroughSocket(data.dir, 'invites', ['list'], out, out)).toBe(2);
    expect(lines).toEqual(['未知命令：invites']);
    lines.length = 0;
    expect(await runThroughSocket(data.dir, 'admin', ['list'], out, out)).toBe(0);
    expect(lines).toEqual(['ops@example.com']);
  });
});
