/**
 * The embedded database's wire server (db/pglite-wire.mjs): what a read brings runs in one call to PGlite
 * and is answered in one write, statements pipelined on one connection are answered each on its own, and
 * one connection's transaction or half-sent statement never mixes with another's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveWire } from '../src/db/pglite-wire.mjs';

describe('the embedded database’s wire server', () => {
  let db: PGlite;
  let dir: string;
  let stop: () => Promise<void>;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    db = await PGlite.create('memory://');
    await db.exec('create table notes (id int primary key, body text)');
    dir = await mkdtemp(path.join(tmpdir(), 'wire-'));
    ({ stop } = await serveWire(db, { path: path.join(dir, '.s.PGSQL.5432'), maxConnections: 4 }));
  });
  afterEach(async () => {
    // The server takes four connections at most; each test closes its own.
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
  });
  afterAll(async () => {
    await stop();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function open(options: { pipeline?: boolean } = {}) {
    const client = new pg.Client({
      host: dir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      ...options,
    } as pg.ClientConfig);
    // A connection the test drops on purpose reports it here instead of as an uncaught event.
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }

  it('answers statements pipelined on one connection each on its own, in few calls to the database', async () => {
    const client = await open({ pipeline: true });
    await client.query({ name: 'add', text: 'insert into notes values ($1, $2)', values: [0, 'start'] });
    const calls = vi.spyOn(db, 'execProtocolRawStream');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        i === 25
          ? client.query({ name: 'add', text: 'insert into notes values ($1, $2)', values: [0, 'again'] })
          : client.query({
              name: 'add',
              text: 'insert into notes values ($1, $2)',
              values: [i + 1, `第 ${i} 条`],
            }),
      ),
    );
    const executions = calls.mock.calls.length;
    calls.mockRestore();
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(49);
    const refused = results[25] as PromiseRejectedResult;
    expect(refused.status).toBe('rejected');
    expect(refused.reason).toBeInstanceOf(pg.DatabaseError);
    expect((refused.reason as pg.DatabaseError).code).toBe('23505');
    // The statement after the refused one ran: each has its own Sync.
    const { rows } = await client.query('select count(*)::int as n from notes');
    expect(rows[0]).toEqual({ n: 50 });
    // Four messages each (Bind, Describe, Execute, Sync): one call per message would be 200.
    expect(executions).toBeGreaterThan(0);
    expect(executions).toBeLessThan(50);
    await client.query('delete from notes');
  });

  it('keeps another connection waiting while one is inside a transaction', async () => {
    const writer = await open();
    const reader = await open();
    await writer.query('begin');
    await writer.query(`insert into notes values (1, '未提交')`);
    let seen: number | null = null;
    const read = reader.query('select count(*)::int as n from notes').then(({ rows }) => {
      seen = rows[0].n;
    });
    // The reader's statement is not run inside the writer's transaction: it waits for the commit.
    await writer.query(`insert into notes values (2, '也未提交')`);
    expect(seen).toBeNull();
    await writer.query('commit');
    await read;
    expect(seen).toBe(2);
    await writer.query('delete from notes');
  });

  it('rolls back the transaction of a connection that goes, and serves the next', async () => {
    const leaving = await open();
    const waiting = await open();
    await leaving.query('begin');
    await leaving.query(`insert into notes values (3, '半途')`);
    const counted = waiting.query('select count(*)::int as n from notes');
    (leaving as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const { rows } = await counted;
    expect(rows[0]).toEqual({ n: 0 });
    expect(db.isInTransaction()).toBe(false);
  });

  it('closes a connection that sends a message of impossible length, and goes on serving', async () => {
    const socket = connect(path.join(dir, '.s.PGSQL.5432'));
    // The server closes it at once: what it could not write is not the test's concern.
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // A start-up packet of 2 bytes cannot be.
    socket.write(Buffer.from([0, 0, 0, 2, 0, 3, 0, 0]));
    await closed;
    const client = await open();
    const { rows } = await client.query('select 1 as one');
    expect(rows[0]).toEqual({ one: 1 });
  });
});
