import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { ConfigError } from '../config';
import { messages } from '../i18n/zh-CN';
import { migrationsDir } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle API shared by both drivers and by transactions; services never see which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the generated migrations; safe to call from several instances at once on PostgreSQL. */
  migrate(): Promise<void>;
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
  const db = drizzlePg({ client: pool, schema });
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
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(options: { dataDir: string; logger?: Logger }): Promise<Database> {
  const inMemory = options.dataDir.startsWith('memory://');
  const releaseLock = inMemory ? async () => undefined : await lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    if (!inMemory) await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    client = await PGlite.create(options.dataDir);
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(db, { migrationsFolder: migrationsDir });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        await client.close();
      } finally {
        await releaseLock();
      }
    },
  };
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
