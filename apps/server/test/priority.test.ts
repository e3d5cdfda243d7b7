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
