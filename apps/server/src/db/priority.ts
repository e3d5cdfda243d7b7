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
  admit: () => void;
}

/** A semaphore whose waiters are admitted lowest rank first. */
export class PriorityGate {
  private readonly waiting: Waiter[] = [];
  private held = 0;
  private arrivals = 0;

  constructor(private readonly capacity: number) {}

  /** Waits for a place; answers the function that gives it back (call it once). */
  acquire(rank: number): Promise<() => void> {
    return new Promise((resolve) => {
      const waiter: Waiter = { rank, order: this.arrivals++, admit: () => resolve(this.releaser()) };
      if (this.held < this.capacity && this.waiting.length === 0) {
        this.held += 1;
        waiter.admit();
        return;
      }
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
    });
  }

  get queued(): number {
    return this.waiting.length;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.held -= 1;
    };
  }
}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;

/**
 * A node-postgres pool whose checkouts (and so its queries, which check a client out) are granted by rank
 * (see above) instead of first come, first served. Its size is its gate's: the pool itself never queues.
 */
export class PriorityPool extends pg.Pool {
  private readonly gate: PriorityGate;

  constructor(config: pg.PoolConfig & { max: number }) {
    super(config);
    this.gate = new PriorityGate(config.max);
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

  private async checkout(): Promise<pg.PoolClient> {
    const done = await this.gate.acquire(rankNow());
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      done();
      throw error;
    }
    // The pool gives each checkout its own release; the place in the gate goes back with it.
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      release(error);
      done();
    };
    return client;
  }
}
