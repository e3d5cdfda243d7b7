import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { ensureDefaultPlan } from '../src/modules/billing/plans';
import { DiskFileStore } from '../src/modules/files/store';
import { ModelCatalog, providerKeySealer } from '../src/modules/models/catalog';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL at DATABASE_URL as well when it is set. */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-000';

export interface TestDatabase {
  kind: DatabaseKind;
  database: Database;
  /** Empties every table and seeds the default plan again, as at a fresh start. */
  reset(config?: Config): Promise<void>;
  dispose(): Promise<void>;
}

const TABLES = [
  'user_watchlist',
  'documents',
  'strategy_subscription_events',
  'strategy_subscriptions',
  'strategy_reports',
  'strategy_node_logs',
  'strategy_runs',
  'market_emotion_days',
  'chat_messages',
  'chat_sessions',
  'refresh_tokens',
  'auth_sessions',
  'credit_ledger',
  'rate_counters',
  'known_devices',
  'stream_slots',
  'invite_codes',
  'redeem_codes',
  'redeem_batches',
  'users',
  'plans',
  'catalog_models',
  'catalog_providers',
  'model_catalog',
];

/**
 * PostgreSQL runs get a database of their own, created and dropped here, so parallel test files and
 * parallel runs never meet. (A schema per run is not enough: drizzle-kit writes FKs as "public"."table".)
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `wx_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

async function createPostgres(): Promise<{ database: Database; drop(): Promise<void> }> {
  const created = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 5 });
  return {
    database,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  let database: Database;
  let dispose: () => Promise<void>;
  if (kind === 'postgres') {
    const created = await createPostgres();
    database = created.database;
    dispose = created.drop;
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    dispose = () => database.close();
  }
  await database.migrate();
  return {
    kind,
    database,
    async reset(config) {
      await database.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`));
      await ensureDefaultPlan(database.db, (config ?? (await testConfig())).defaultPlan);
    },
    dispose,
  };
}

let webDist: Promise<string> | undefined;

// Registered when a test file imports this module: the fixture lives as long as that file's tests.
afterAll(async () => {
  const dir = await webDist;
  webDist = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A stand-in for the built SPA: index.html, a fingerprinted asset and an unhashed public file. */
export function fixtureWebDist(): Promise<string> {
  webDist ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wx-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>万象</title><div id="root"></div>');
    await writeFile(path.join(dir, 'assets', 'index-Bx3f9K2a.js'), 'console.log("app")');
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    return dir;
  })();
  return webDist;
}

/**
 * A config as the environment would give it, with cheap password hashing (tests hash a lot) unless a test
 * overrides it, silent logs and the fixture SPA.
 */
/**
 * The built-in offline model is free; the tests of credits (holds, settlement, refunds, 积分不足) need a
 * model that charges. Unless a test configures models itself, it gets the same deterministic offline model
 * at a price, under the same id and name.
 */
export const PRICED_OFFLINE_MODELS = JSON.stringify({
  providers: [
    {
      id: 'offline',
      type: 'offline',
      models: [
        {
          id: OFFLINE_MODEL_ID,
          name: '离线演示模型',
          description: '计费的离线模型（仅测试用）',
          input_price_credits: 1,
          output_price_credits: 2,
          supports_images: true,
        },
      ],
    },
  ],
});

export async function testConfig(env: Record<string, string> = {}): Promise<Config> {
  const configuresModels = 'MODELS_CONFIG' in env || 'MODELS_CONFIG_JSON' in env;
  return loadConfig({
    JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: path.join(tmpdir(), 'wx-test-data'),
    WEB_DIST_DIR: await fixtureWebDist(),
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_ITERATIONS: '1',
    // Tests make many accounts and requests from one address and one user; the limits' own tests
    // (limits.test.ts, throttle.test.ts) set them low.
    REGISTRATIONS_PER_IP_PER_DAY: '1000000',
    USER_RATE_LIMIT_MAX: '1000000',
    MAX_CONCURRENT_STREAMS: '1000',
    // An answer stops as soon as its connection goes, as a closed tab's does after the grace; the live
    // tests (chat-live.test.ts) set the grace they need.
    CHAT_UNWATCHED_GRACE: '0',
    // Runs happen when a test drives them: a scheduled run would write beside the test's own statements.
    STRATEGY_SCHEDULER: 'off',
    ...(configuresModels ? {} : { MODELS_CONFIG_JSON: PRICED_OFFLINE_MODELS }),
    ...env,
  });
}

/** One database per file and kind, emptied before each test. */
export function useTestDatabase(kind: DatabaseKind): () => TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await current?.dispose();
  });
  beforeEach(async () => {
    await current?.reset();
  });
  return () => {
    if (!current) throw new Error('test database not ready');
    return current;
  };
}

/** Builds an app on the shared database; it is closed after the file's tests. */
export function useApps(getDb: () => TestDatabase) {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });
  return async (env: Record<string, string> = {}, clock?: { now: () => Date }) => {
    const app = await buildApp(await testConfig(env), { database: getDb().database, ...clock });
    apps.push(app);
    await app.ready();
    return app;
  };
}

/**
 * Builds apps on the shared database, each storing its files on disk in a directory of its own; the apps
 * are closed and the directories removed after the file's tests.
 */
export function useAppsWithFiles(getDb: () => TestDatabase, prefix: string) {
  const apps: FastifyInstance[] = [];
  const dirs: { remove(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(dirs.map((dir) => dir.remove()));
  });
  return async () => {
    const dir = await tempDir(prefix);
    dirs.push(dir);
    const files = new DiskFileStore(dir.dir);
    const app = await buildApp(await testConfig(), { database: getDb().database, files });
    apps.push(app);
    await app.ready();
    return { app, files, root: dir.dir };
  };
}

/** Listens on an ephemeral port for tests whose behaviour depends on a real socket. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function tempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});

/** A cloud document's content (an editor state) whose paragraphs say `paragraphs`. */
export function contentOf(...paragraphs: string[]) {
  return {
    version: '2.0.0',
    editorState: {
      root: {
        type: 'root',
        version: 1,
        children: paragraphs.map((text) => ({
          type: 'paragraph',
          version: 1,
          children: [{ type: 'text', version: 1, text }],
        })),
      },
    },
  };
}

/** The model catalog a server with `config` would use, for services built by hand beside it. */
export function testCatalog(database: Database['db'], config: Config): ModelCatalog {
  return new ModelCatalog(database, {
    seed: config.chat.models,
    seededFrom: config.chat.modelsSource,
    sealer: providerKeySealer(config.jwtSecret),
    readEnv: config.chat.readEnv,
    registry: { offlineChunkDelayMs: 0 },
  });
}
