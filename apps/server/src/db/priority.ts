/**
 * The order in which statements wait for the embedded database's one session.
 *
 * PGlite is one PostgreSQL session, so the server holds one connection to it and every statement waits its
 * turn. First come, first served is the wrong order under a burst: 200 chat turns arriving at once each run
 * three statements before their first text (the session check, the stream slot, the credit hold), one
 * after the other, and each next statement joined the back of a queue holding everyone else's. Every turn
 * then waited for nearly all 600, and the answers already streaming added their writes in between.
 *
 * Here a statement waits by the age of the request it serves: a request that arrived earlier goes first,
 * so a turn that has begun finishes its few statements before the next one starts, and the median turn
 * waits for half the burst rather than all of it. The writes of an answer already going out (its rows, its
 * partial text, its settlement) are not waiting for anyone: they count as made `BACKGROUND_YIELD_MS` after
 * they were asked for, so they let a burst of new requests pass without ever being starved by a stream of
 * them. Work outside any request (start-up, scheduled jobs) counts from when it asks.
 *
 * Nothing here changes what a statement does or what it sees: statements that depend on each other are
 * awaited one after the other by their callers, a transaction still has the session to itself, and only
 * the order among independent waiters changes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/** How long an answer's own writes let newer requests go first. */
export const BACKGROUND_YIELD_MS = 100;

type Lane = { kind: 'request'; since: number } | { kind: 'background' };

const lanes = new AsyncLocalStorage<Lane>();

/** Runs `run` (and everything it starts) as the work of a request that arrived at `since` (performance.now()). */
export function asRequest<T>(since: number, run: () => T): T {
  return lanes.run({ kind: 'request', since }, run);
}

/**
 * Puts every request's work in its lane, from its first hook on (its body's reading and its handler
 * included: test/priority.test.ts shows it). Register before any other hook.
 */
export function prioritiseRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => asRequest(performance.now(), done));
}

/** Runs `run` (and everything it starts) as background work: see BACKGROUND_YIELD_MS. */
export function inBackground<T>(run: () => T): T {
  return lanes.run({ kind: 'background' }, run);
}

/** The lane the current work runs in, if any (for tests and diagnostics). */
export function currentLane(): Lane | undefined {
  return lanes.getStore();
}

/** The rank of a statement asked for now: lower goes first. */
function rankNow(): number {
  const lane = lanes.getStore();
  const now = performance.now();
  if (!lane) return now;
  return lane.kind === 'request' ? lane.since : now + BACKGROUND_YIELD_MS;
}

interface Waiter {
  rank: number;
  /** Ties keep their arrival order. */
  order: number;
  /** A transaction (or any checkout of the connection itself) runs alone; single statements share. */
  exclusive: boolean;
  admit: () => void;
}

/**
 * A gate to one database session whose waiters are admitted lowest rank first. Single statements are
 * admitted together, up to `depth` at once (they go out on one connection back to back and are answered in
 * order, see PriorityPool); a checkout of the connection (a transaction) is admitted alone, once everything
 * admitted before it has finished. Nobody overtakes a waiter of a lower rank.
 */
export class PriorityGate {
  private readonly waiting: Waiter[] = [];
  private shared = 0;
  private exclusive = false;
  private arrivals = 0;

  constructor(private readonly depth: number) {}

  /** Waits for the session to itself; answers the function that gives it back (call it once). */
  acquire(rank: number): Promise<() => void> {
    return this.enqueue(rank, true);
  }

  /** Waits for a place among the statements in flight; answers the function that gives it back. */
  acquireShared(rank: number): Promise<() => void> {
    return this.enqueue(rank, false);
  }

  get queued(): number {
    return this.waiting.length;
  }

  private enqueue(rank: number, exclusive: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        rank,
        order: this.arrivals++,
        exclusive,
        admit: () => resolve(this.releaser(exclusive)),
      };
      // Binary search for the first waiter ranked after this one; the queue stays sorted.
      let low = 0;
      let high = this.waiting.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const other = this.waiting[middle] as Waiter;
        if (other.rank < rank || (other.rank === rank && other.order < waiter.order)) low = middle + 1;
        else high = middle;
      }
      this.waiting.splice(low, 0, waiter);
      this.admit();
    });
  }

  /** Admits waiters from the front for as long as the first one fits. */
  private admit(): void {
    for (;;) {
      const next = this.waiting[0];
      if (!next || this.exclusive) return;
      if (next.exclusive ? this.shared > 0 : this.shared >= this.depth) return;
      this.waiting.shift();
      if (next.exclusive) this.exclusive = true;
      else this.shared += 1;
      next.admit();
    }
  }

  private releaser(exclusive: boolean): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (exclusive) this.exclusive = false;
      else this.shared -= 1;
      this.admit();
    };
  }
}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;
type QueryCallback = (error: Error | undefined, result?: pg.QueryResult) => void;

/** Statements in flight at once on the embedded database's connection. */
export const PIPELINE_DEPTH = 16;

/**
 * The node-postgres pool of the embedded database: one connection, to its one session, granted by rank
 * (see above) instead of first come, first served.
 *
 * Its single statements (`pool.query`, which is how drizzle and executePrepared run everything outside a
 * transaction) share the connection in pipeline mode: up to PIPELINE_DEPTH of them are written at once and
 * answered in order, each with its own Sync, so each still runs alone, in its own implicit transaction, and
 * one's error is only its own. Under a burst the database thread then reads many statements at once and
 * answers them in one write, instead of one round trip between the threads for each. A checkout of the
 * connection (`pool.connect`, a transaction) waits until the statements in flight are answered and has it
 * to itself.
 */
export class PriorityPool extends pg.Pool {
  private readonly gate = new PriorityGate(PIPELINE_DEPTH);
  /** The connection and its underlying release, checked out of the underlying pool while anyone uses it. */
  private lease: Promise<{ client: pg.PoolClient; release: pg.PoolClient['release'] }> | null = null;
  private users = 0;
  /** Why the connection must not be used again, once its current users are done. */
  private broken: Error | undefined;

  constructor(config: pg.PoolConfig) {
    super({ ...config, max: 1, pipeline: true } as pg.PoolConfig);
  }

  // pg's Pool.connect has a callback form (which its own query() uses) and a promise form.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const checkout = this.checkout();
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
    return undefined;
  }

  // pg's Pool.query has callback and promise forms; both share the connection.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const done = typeof values === 'function' ? values : callback;
    const result = this.statement(config, typeof values === 'function' ? undefined : values);
    if (typeof done !== 'function') return result as never;
    result.then(
      (rows) => (done as QueryCallback)(undefined, rows),
      (error: Error) => (done as QueryCallback)(error),
    );
    return undefined as never;
  }

  private async statement(config: unknown, values: unknown): Promise<pg.QueryResult> {
    const { client, done } = await this.admitted(this.gate.acquireShared(rankNow()));
    this.batchWrites(client);
    let failure: Error | undefined;
    try {
      return await (client.query as (config: unknown, values?: unknown) => Promise<pg.QueryResult>)(
        config,
        values,
      );
    } catch (error) {
      // A statement the database refused leaves the connection as it was; anything else (a lost
      // connection, a message the driver could not write) leaves it unusable.
      if (!(error instanceof pg.DatabaseError)) failure = error as Error;
      throw error;
    } finally {
      this.giveBack(failure);
      done();
    }
  }

  /** The connection whose writes wait for the end of this tick, if any. */
  private batching: pg.PoolClient | null = null;

  /**
   * Holds the connection's writes until the end of the current tick: statements admitted together (a
   * burst, or the places freed by one answer) then leave in one write, and wake the database thread once,
   * instead of one write each. pg corks around each statement itself; corks nest.
   */
  private batchWrites(client: pg.PoolClient): void {
    if (this.batching === client) return;
    const socket = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
    if (!socket || typeof socket.cork !== 'function') return;
    this.batching = client;
    socket.cork();
    process.nextTick(() => {
      this.batching = null;
      socket.uncork();
    });
  }

  private async checkout(): Promise<pg.PoolClient> {
    const { client, done } = await this.admitted(this.gate.acquire(rankNow()));
    let released = false;
    // The client's release (pg-pool's, kept by the lease) now gives the checkout back, with its place.
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      this.giveBack(error instanceof Error ? error : error ? new Error('released with an error') : undefined);
      done();
    };
    return client;
  }

  /** The connection, once the gate has given a place: the place goes back if the connection cannot be had. */
  private async admitted(place: Promise<() => void>): Promise<{ client: pg.PoolClient; done: () => void }> {
    const done = await place;
    try {
      return { client: await this.borrow(), done };
    } catch (error) {
      done();
      throw error;
    }
  }

  private async borrow(): Promise<pg.PoolClient> {
    this.users += 1;
    if (!this.lease) {
      const lease = super.connect().then((client) => {
        // While it is checked out the underlying pool does not listen for its errors: a connection lost
        // between statements would otherwise be an uncaught 'error' event.
        client.on('error', this.onLeaseError);
        return { client, release: client.release };
      });
      lease.catch(() => {
        if (this.lease === lease) this.lease = null;
      });
      this.lease = lease;
    }
    try {
      return (await this.lease).client;
    } catch (error) {
      this.users -= 1;
      throw error;
    }
  }

  private readonly onLeaseError = (error: Error) => {
    this.broken ??= error;
    this.emit('error', error);
  };

  /** One user is done with the connection; the last one gives it back to the underlying pool. */
  private giveBack(error?: Error): void {
    if (error) this.broken ??= error;
    this.users -= 1;
    if (this.users > 0) return;
    const lease = this.lease;
    const broken = this.broken;
    this.lease = null;
    this.broken = undefined;
    void lease?.then(({ client, release }) => {
      client.off('error', this.onLeaseError);
      // A broken connection is closed; the next user connects anew (and starts a clean session).
      release.call(client, broken);
    });
  }
}
