/**
 * The embedded database's queue (db/priority.ts): statements wait by the age of the request they serve, an
 * answer's own writes let newer requests pass, and a request keeps its place after its body was read.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { asRequest, currentLane, inBackground, PriorityGate, prioritiseRequests } from '../src/db/priority';

describe('the priority gate', () => {
  it('admits the lowest rank first, ties in arrival order, never more than its capacity', async () => {
    const gate = new PriorityGate(1);
    const order: string[] = [];
    const first = await gate.acquire(50);
    const waiting = [
      gate.acquire(30).then((done) => ({ name: 'c', done })),
      gate.acquire(10).then((done) => ({ name: 'a', done })),
      gate.acquire(10).then((done) => ({ name: 'b', done })),
    ];
    expect(gate.queued).toBe(3);
    first();
    for (let i = 0; i < waiting.length; i += 1) {
      const admitted = await Promise.race(
        waiting.map((p) => p.then((w) => (order.includes(w.name) ? never() : w))),
      );
      order.push(admitted.name);
      admitted.done();
    }
    expect(order).toEqual(['a', 'b', 'c']);
    expect(gate.queued).toBe(0);
  });

  it('gives each place back once, however often its release is called', async () => {
    const gate = new PriorityGate(1);
    const done = await gate.acquire(1);
    let admitted = false;
    const next = gate.acquire(2).then((release) => {
      admitted = true;
      return release;
    });
    done();
    done();
    const release = await next;
    expect(admitted).toBe(true);
    // The second call gave nothing back: a third waiter still waits for `release`.
    let third = false;
    const last = gate.acquire(3).then(() => {
      third = true;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    release();
    await last;
    expect(third).toBe(true);
  });
});

describe('the priority gate’s shared places', () => {
  it('admits statements together up to its depth, and a checkout alone once they are done', async () => {
    const gate = new PriorityGate(3);
    const admitted: string[] = [];
    const take = (name: string, shared: boolean, rank: number) =>
      (shared ? gate.acquireShared(rank) : gate.acquire(rank)).then((release) => {
        admitted.push(name);
        return release;
      });
    const first = await Promise.all([take('s1', true, 1), take('s2', true, 2), take('s3', true, 3)]);
    const fourth = take('s4', true, 4);
    const checkout = take('tx', false, 5);
    const after = take('s6', true, 6);
    await flush();
    // The depth is full: the fourth waits, and everything after it waits too.
    expect(admitted).toEqual(['s1', 's2', 's3']);
    for (const release of first) release();
    const releaseFourth = await fourth;
    await flush();
    // The checkout waits until the last statement in flight is done; the statement behind it waits for it.
    expect(admitted).toEqual(['s1', 's2', 's3', 's4']);
    releaseFourth();
    const releaseCheckout = await checkout;
    await flush();
    expect(admitted).toEqual(['s1', 's2', 's3', 's4', 'tx']);
    releaseCheckout();
    (await after)();
    expect(admitted.at(-1)).toBe('s6');
    expect(gate.queued).toBe(0);
  });
});

/** The rows of a raw statement's result (node-postgres's result, which drizzle's shared type leaves open). */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const flush = () => new Promise((resolve) => setImmediate(resolve));
const never = () => new Promise<never>(() => {});

describe('the embedded database’s queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database.close();
  });

  /** Holds the one connection in a transaction until the returned function is called. */
  async function holdConnection(): Promise<{ release: () => void; finished: Promise<void> }> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const finished = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await released;
    });
    await begun;
    return { release, finished };
  }

  /** Runs each query (named) once the connection is let go, and answers the names in the order they ran. */
  async function orderRun(queue: (query: (name: string) => Promise<unknown>) => Promise<unknown>[]) {
    const { release, finished } = await holdConnection();
    const ran: string[] = [];
    const queued = queue((name) =>
      database.db.execute(sql`select ${name}::text as name`).then(() => ran.push(name)),
    );
    release();
    await finished;
    await Promise.all(queued);
    return ran;
  }

  it('runs the statements of an older request first, and an answer’s writes after newer requests', async () => {
    const now = performance.now();
    const ran = await orderRun((query) => [
      inBackground(() => query('answer write')),
      asRequest(now, () => query('newer request')),
      asRequest(now - 50, () => query('older request')),
    ]);
    expect(ran).toEqual(['older request', 'newer request', 'answer write']);
  });

  it('keeps its connection when a statement is refused: the session’s settings stay', async () => {
    await database.db.execute(sql`set application_name = 'wanxiang-priority-test'`);
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    // A connection dropped and opened again starts a clean session (discard all), without the setting.
    const shown = await database.db.execute(sql`show application_name`);
    expect(rowsOf<{ application_name: string }>(shown)[0]?.application_name).toBe('wanxiang-priority-test');
  });

  it('answers many statements at once, each its own, and runs a transaction alone among them', async () => {
    await database.db.execute(sql`create table if not exists priority_notes (n int primary key)`);
    // drizzle runs a statement when it is awaited: `then` asks for each now, in this order.
    const inserts = Array.from({ length: 40 }, (_, n) =>
      database.db.execute(sql`insert into priority_notes values (${n % 30})`).then(() => n),
    );
    // A transaction asked for meanwhile: statements asked after it wait until it commits.
    let counted = Number.NaN;
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into priority_notes values (100)`);
      await tx.execute(sql`insert into priority_notes values (101)`);
    });
    const count = database.db.execute(sql`select count(*)::int as n from priority_notes`).then((result) => {
      counted = rowsOf<{ n: number }>(result)[0]?.n ?? Number.NaN;
    });
    const settled = await Promise.allSettled(inserts);
    // The ten repeated keys are refused, each alone; the other thirty are stored.
    expect(settled.filter((result) => result.status === 'rejected')).toHaveLength(10);
    await Promise.all([transaction, count]);
    expect(counted).toBe(32);
    await database.db.execute(sql`drop table priority_notes`);
  });

  it('runs a named statement’s first text with each call’s values, and refuses a second text', async () => {
    const { executePrepared } = await import('../src/db/client');
    const echo = (value: string) => sql`select ${value}::text as value`;
    expect(await executePrepared(database.db, 'priority_echo', echo('甲'))).toEqual([{ value: '甲' }]);
    expect(await executePrepared(database.db, 'priority_echo', echo('乙'))).toEqual([{ value: '乙' }]);
    await expect(
      executePrepared(database.db, 'priority_echo', sql`select ${'丙'}::text as other`),
    ).rejects.toThrow(/'priority_echo' was used for a different statement/);
  });

  it('builds a statement with values written into its text through drizzle at every call', async () => {
    const { executePrepared } = await import('../src/db/client');
    // Were the walk's two values sent with drizzle's one-parameter text, the database would refuse the call.
    const both = (value: string) =>
      sql`select ${sql`${'甲'}`.inlineParams()}::text as fixed, ${value}::text as value`;
    expect(await executePrepared(database.db, 'priority_inline', both('乙'))).toEqual([
      { fixed: '甲', value: '乙' },
    ]);
    expect(await executePrepared(database.db, 'priority_inline', both('丙'))).toEqual([
      { fixed: '甲', value: '丙' },
    ]);
  });

  it('runs work outside any request by when it asked, after the requests that came before', async () => {
    const arrived = performance.now();
    const ran = await orderRun((query) => [
      query('scheduled job'),
      asRequest(arrived, () => query('request')),
    ]);
    expect(ran).toEqual(['request', 'scheduled job']);
  });

  it('keeps a request’s place after its body is read', async () => {
    const app = Fastify();
    prioritiseRequests(app);
    const lanes: unknown[] = [];
    app.post('/ask', async () => {
      // The body came by the socket's events; the handler's statements must still rank as this request's.
      lanes.push(currentLane());
      return { ok: true };
    });
    app.get('/look', async () => {
      lanes.push(currentLane());
      return { ok: true };
    });
    const before = performance.now();
    const posted = await app.inject({
      method: 'POST',
      url: '/ask',
      payload: { text: '你好'.repeat(10_000) },
    });
    const got = await app.inject({ method: 'GET', url: '/look' });
    expect([posted.statusCode, got.statusCode]).toEqual([200, 200]);
    expect(lanes).toEqual([
      { kind: 'request', since: expect.any(Number) },
      { kind: 'request', since: expect.any(Number) },
    ]);
    for (const lane of lanes as { since: number }[]) expect(lane.since).toBeGreaterThanOrEqual(before);
    await app.close();
  });
});

describe('prepared statements’ values', () => {
  it('are those drizzle would send, in its order, for every kind of template it takes', async () => {
    const { templateValues } = await import('../src/db/client');
    const { PgDialect } = await import('drizzle-orm/pg-core');
    const { users, authSessions } = await import('../src/db/schema');
    const dialect = new PgDialect();
    const when = new Date('2026-11-27T08:00:00Z');
    const inner = sql`select ${users.id} from ${users} where ${users.email} = ${'甲@例子.cn'} and ${users.creditsBalance} > ${0}`;
    const templates = [
      sql`select 1`,
      sql`select ${null}::text, ${true}, ${42}, ${'文字'}, ${when}`,
      sql`with a as (${inner}) select * from a join ${authSessions} on ${authSessions.userId} = a.id where ${authSessions.id} = ${'x'}::uuid and ${undefined as unknown as string} 1 = ${1}`,
      sql`select ${sql`${sql`${'deep'}`}`}, ${users.id}, ${sql.raw("'raw'")}`,
    ];
    for (const template of templates) {
      const values: unknown[] = [];
      expect(templateValues(template, values)).toBe(true);
      expect(values).toEqual(dialect.sqlToQuery(template).params);
    }
    // What it does not take, drizzle builds: an array, a drizzle Param.
    const { Param } = await import('drizzle-orm');
    expect(templateValues(sql`select ${[1, 2]}`, [])).toBe(false);
    expect(templateValues(sql`select ${new Param(1)}`, [])).toBe(false);
    // Values drizzle writes into the text are not its parameters: the walk (which cannot see that flag) lists
    // them, and executePrepared, comparing with drizzle's build, keeps such a statement off its shortcut.
    const inlined = sql`select ${sql`${1}`.inlineParams()}, ${2}`;
    const walked: unknown[] = [];
    expect(templateValues(inlined, walked)).toBe(true);
    expect(walked).not.toEqual(dialect.sqlToQuery(inlined).params);
  });
});
