import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Column, is, SQL, StringChunk, sql, Table } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import { ConfigError } from '../config';
import { messages } from '../i18n/zh-CN';
import { migrationsDir } from '../paths';
import { PriorityPool } from './priority';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle API shared by both drivers and by transactions; services never see which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the generated migrations; safe to call from several instances at once on PostgreSQL. */
  migrate(): Promise<void>;
  /**
   * Runs the kind of statement every signed-in request runs (a named prepared statement with a bound
   * parameter, over the session and user tables): a database that answers `select 1` but not that is down
   * for the users, and the health check must say so.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number; logger?: Logger }
  /** `dataDir` is a directory, or `memory://` for a throw-away database (tests). */
  | { kind: 'pglite'; dataDir: string; logger?: Logger };

/** A fixed key for pg_advisory_lock so concurrent starts run migrations one at a time. */
const MIGRATION_LOCK_KEY = 74_211_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPostgres(options: { url: string; poolMax?: number; logger?: Logger }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
  // An idle client losing its connection emits on the pool; without a listener that would crash the process.
  pool.on('error', (error) => options.logger?.error({ err: error }, 'postgres pool client error'));
  const db = withReleasedTransactions(drizzlePg({ client: pool, schema }), pool);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder: migrationsDir });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    ping: () => probe(db),
    async close() {
      await pool.end();
    },
  };
}

/**
 * The embedded database runs on a worker thread (see pglite-worker.ts) and is reached through the same
 * node-postgres driver as a real PostgreSQL, over a Unix socket in a private temporary directory.
 */
async function openPglite(options: { dataDir: string; logger?: Logger }): Promise<Database> {
  const inMemory = options.dataDir.startsWith('memory://');
  const releaseLock = inMemory ? async () => undefined : await lockDataDir(options.dataDir);
  // mkdtemp creates the directory 0700: no other user of the machine can open the socket.
  const socketDir = await mkdtemp(path.join(tmpdir(), 'wanxiang-db-'));
  const cleanUp = async () => {
    await rm(socketDir, { recursive: true, force: true });
    await releaseLock();
  };
  let worker: Worker;
  try {
    if (!inMemory) {
      await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
      if (!(await isMigrated(options.dataDir))) await initialiseInChild(options.dataDir);
    }
    worker = await startPgliteWorker(options.dataDir, path.join(socketDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`));
  } catch (error) {
    await cleanUp();
    throw error;
  }
  let closing = false;
  worker.on('exit', (code) => {
    if (!closing) options.logger?.fatal({ code }, 'the embedded database thread stopped');
  });
  // One client: PGlite is a single PostgreSQL session, so statements queue here, by the age of the request
  // each serves, and go out pipelined (see priority.ts).
  const pool = new PriorityPool({
    host: socketDir,
    port: PGLITE_SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    idleTimeoutMillis: 0,
    onConnect: startCleanSession,
  });
  pool.on('error', (error) => options.logger?.error({ err: error }, 'embedded database connection error'));
  const db = withReleasedTransactions(drizzlePg({ client: pool, schema }), pool);
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePg(db, { migrationsFolder: migrationsDir });
    },
    ping: () => probe(db),
    async close() {
      closing = true;
      try {
        await pool.end();
        const closed = new Promise<void>((resolve) => {
          const done = () => resolve();
          worker.once('exit', done);
          worker.on('message', (message: { type?: string }) => {
            if (message?.type === 'closed') done();
          });
        });
        worker.postMessage({ type: 'close' });
        await closed;
        await worker.terminate();
      } finally {
        await cleanUp();
      }
    },
  };
}

/**
 * Runs each transaction of `db` on a connection of its own that always goes back to `pool`, and goes back
 * closed when it is still inside a transaction. drizzle's own pool transactions send BEGIN before their
 * try/finally: a BEGIN that fails (a lost connection, a server error) never releases its connection, and
 * after as many failures as the pool has connections every statement waits for ever — with the embedded
 * database's single connection, after one. A connection left in a transaction whose ROLLBACK failed would
 * otherwise carry it into the next request. Nested transactions remain drizzle's savepoints.
 */
function withReleasedTransactions(db: NodePgDatabase<Schema>, pool: pg.Pool): NodePgDatabase<Schema> {
  const transaction: NodePgDatabase<Schema>['transaction'] = async (run, config) => {
    const client = await pool.connect();
    try {
      // A database over this one connection: its transaction neither takes nor releases a pool connection.
      // Built without the schema, whose relational map costs ~0.1 ms to build per call: transactions here
      // use the query builder only, never `tx.query`.
      const single = drizzlePg({ client }) as unknown as NodePgDatabase<Schema>;
      return await single.transaction(run, config);
    } finally {
      const idle = client.getTransactionStatus() === 'I';
      client.release(idle ? undefined : new Error('released inside a transaction'));
    }
  };
  return Object.assign(db, { transaction });
}

/**
 * Every connection to the embedded database shares its one PostgreSQL session, which outlives the
 * connection. A connection that was lost (or released inside a transaction) is dropped and another
 * opened; on PostgreSQL that is a fresh session, but here the new connection would inherit the old one's
 * named prepared statements (which the new client does not know it has, so its first PREPARE of the same
 * name fails, and the next, for ever), its settings and its advisory locks. DISCARD ALL gives it the clean
 * session PostgreSQL gives a new connection. (A transaction left open by the old connection is rolled back
 * by the wire server before this runs: it serves a transaction's connection only, until that connection
 * closes.)
 */
async function startCleanSession(client: pg.ClientBase): Promise<void> {
  await client.query('discard all');
}

/** The port number only names the socket file (`.s.PGSQL.<port>`), as PostgreSQL's own sockets do. */
const PGLITE_SOCKET_PORT = 5432;

const pgliteScript = new URL('./pglite-worker.mjs', import.meta.url);

/** The newest migration this build ships (drizzle's journal), or '' when it cannot be read. */
async function newestMigration(): Promise<string> {
  try {
    const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries?: { tag?: string }[];
    };
    return journal.entries?.at(-1)?.tag ?? '';
  } catch {
    return '';
  }
}

/** Beside the data directory, as the lock file is: the newest migration the child process applied. */
const migratedMarker = (dataDir: string) => `${path.resolve(dataDir)}.migrated`;

/** The data directory exists and was migrated to this build's newest migration by the child process. */
async function isMigrated(dataDir: string): Promise<boolean> {
  const newest = await newestMigration();
  const applied = await readFile(migratedMarker(dataDir), 'utf8').catch(() => null);
  // A marker left beside a data directory that was since emptied does not count.
  const cluster = await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8').catch(() => null);
  return newest !== '' && cluster !== null && applied?.trim() === newest;
}

/**
 * Creates the cluster of an empty data directory and applies the migrations in a short-lived child process
 * (pglite-worker.mjs run as a script), so that the memory they take leaves with it: PGlite's WebAssembly
 * memory never shrinks, and a first start would otherwise keep ~600 MiB for good. It runs when the data
 * directory is new or this build brings migrations it has not had (the marker file says which it had), so
 * a plain restart boots the database once. The serving instance's migrate() still checks, and finds
 * nothing to do. The data directory is already locked by this process. No execArgv: the script is plain
 * JavaScript, and a debugger flag must not be inherited.
 */
async function initialiseInChild(dataDir: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [fileURLToPath(pgliteScript), dataDir, migrationsDir],
      { maxBuffer: 4 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (!error) resolve();
        else
          reject(new Error(`the embedded database could not be prepared: ${stderr.trim() || error.message}`));
      },
    );
  });
  const newest = await newestMigration();
  if (newest) await writeFile(migratedMarker(dataDir), `${newest}\n`, { mode: 0o600 });
}

/** Starts the worker (src/db/pglite-worker.mjs, copied beside the built dist/main.js) and waits until it listens. */
function startPgliteWorker(dataDir: string, socketPath: string): Promise<Worker> {
  const worker = new Worker(pgliteScript, {
    workerData: { dataDir, socketPath },
  });
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      worker.terminate().catch(() => undefined);
      reject(error);
    };
    worker.once('error', fail);
    worker.once('exit', (code) =>
      fail(new Error(`the embedded database thread exited (${code}) while starting`)),
    );
    worker.once('message', (message: { type?: string }) => {
      if (message?.type !== 'ready') return;
      worker.removeAllListeners('error');
      worker.removeAllListeners('exit');
      // Later errors end the thread; its exit is logged by openPglite.
      worker.on('error', () => undefined);
      resolve(worker);
    });
  });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no postmaster lock of its own, and two processes writing one data directory corrupt it. A pid
 * file taken with O_EXCL refuses the second process; a file left by a dead process is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${path.resolve(dataDir)}.lock`;
  await mkdir(path.dirname(lockFile), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && pid !== process.pid && processIsAlive(pid)) {
        throw new ConfigError([messages.config.dataDirLocked(dataDir, pid, lockFile)]);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new ConfigError([messages.config.dataDirLocked(dataDir, Number.NaN, lockFile)]);
}

/** SQLSTATE of a driver error; drizzle wraps the driver's error, so it sits in `cause` on both engines. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

const NO_SESSION = '00000000-0000-0000-0000-000000000000';

async function probe(db: Db): Promise<void> {
  await executePrepared(
    db,
    'health_probe',
    sql`select 1 from ${schema.authSessions} inner join ${schema.users} on ${schema.users.id} = ${schema.authSessions.userId}
        where ${schema.authSessions.id} = ${NO_SESSION}::uuid limit 1`,
  );
}

const dialect = new PgDialect();

/**
 * Runs `query` as a named prepared statement: each connection parses and plans it once, then only binds
 * and runs it. The statements of a chat turn are CTEs whose planning costs more than their execution (on
 * the embedded database an auth check drops from 2.2 ms to 0.7 ms). The text of `query` must not vary
 * between calls with one name; its values go as parameters. Works on the pool, not inside a transaction.
 */
export async function executePrepared<Row>(db: Db, name: string, query: SQL): Promise<Row[]> {
  const client = (db as { $client?: pg.Pool }).$client;
  if (!client) throw new Error('executePrepared needs the database itself, not a transaction');
  const values: unknown[] = [];
  const shape: unknown[] = [];
  const walked = templateValues(query, values, shape);
  const known = preparedTexts.get(name);
  if (walked && known && sameShape(shape, known.shape)) {
    return (await client.query({ name, text: known.text, values })).rows as Row[];
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  // What node-postgres says of a name given two texts on one connection, said for every connection.
  if (known && known.text !== text) {
    throw new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
  }
  // The later calls of this name skip drizzle only when the walk found exactly the values drizzle numbered
  // (see templateValues): values drizzle wrote into the text instead (inlineParams) do not count.
  if (walked && sameValues(values, params)) preparedTexts.set(name, { text, shape });
  return (await client.query({ name, text, values: params })).rows as Row[];
}

/**
 * The text of each named statement, built by drizzle at its first use, with the shape of the template it
 * came from: its literal text and the tables and columns between, in order. A call whose template has the
 * same shape has the same text.
 */
const preparedTexts = new Map<string, { text: string; shape: unknown[] }>();

const sameShape = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, index) => part === b[index]);

const sameValues = (ours: readonly unknown[], drizzles: readonly unknown[]) =>
  ours.length === drizzles.length && ours.every((value, index) => Object.is(value, drizzles[index]));

/**
 * The values of a statement template, in the order drizzle numbers them as parameters (into `values`), and
 * its shape (into `shape`), when the template holds only text, tables, columns, nested templates and plain
 * values; false for anything else (an array, a drizzle Param, a placeholder…), which drizzle then builds.
 * Here because drizzle's builder tests each chunk against a dozen entity kinds and renders the whole text
 * again: 20–100 µs for a turn's statements, on the server's thread, four of them before a turn's first
 * text.
 *
 * Only drizzle's declared API is read: `SQL.queryChunks` and `StringChunk.value` (public, typed) and `is`.
 * Drizzle has nothing public that gives a template's values without building its text (its own prepared
 * statements need placeholders in place of the values, which every caller would have to be rewritten for),
 * so the walk stays, held to drizzle in two ways. Whether a template's values are written into the text
 * (`inlineParams()`) is a private field: instead of reading it, `executePrepared` compares the walk's values
 * with those drizzle numbered when it builds a name's text, and a name whose values differ is built by
 * drizzle every time. And test/priority.test.ts checks the walk against drizzle's own build for every kind
 * of template the server uses, so an upgrade that stores templates differently fails there, loudly, rather
 * than sending wrong values or quietly losing the shortcut.
 */
export function templateValues(query: SQL, values: unknown[], shape: unknown[] = []): boolean {
  for (const chunk of query.queryChunks) {
    if (chunk === undefined) continue;
    if (chunk === null || typeof chunk !== 'object' || chunk instanceof Date) {
      values.push(chunk);
      shape.push(VALUE);
    } else if (is(chunk, StringChunk)) shape.push(...chunk.value);
    else if (is(chunk, Table) || is(chunk, Column)) shape.push(chunk);
    else if (!(is(chunk, SQL) && templateValues(chunk, values, shape))) return false;
  }
  return true;
}

/** Where a value stands in a template's shape. */
const VALUE = Symbol('value');
