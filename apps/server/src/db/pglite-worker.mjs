/**
 * The embedded database on its own thread, and (run as a child process) its first start. PGlite is PostgreSQL compiled to WebAssembly: every statement
 * runs synchronously on the thread that owns it, and on the server's thread it would hold up every stream
 * in flight (a stored partial answer, a credit hold and a sign-in check cost milliseconds each). Here it
 * runs beside the server's thread, on the machine's other core, and speaks the PostgreSQL wire protocol on
 * a Unix socket that only this user can open; the server reaches it through node-postgres, as it reaches
 * a real PostgreSQL.
 *
 * workerData: { dataDir: string (a directory, or `memory://`), socketPath: string }.
 * Messages to the parent: { type: 'ready' } once it listens; { type: 'closed' } after a { type: 'close' }.
 *
 * Run as a child process (`node pglite-worker.mjs <dataDir> <migrationsDir>`), it opens the data directory
 * (creating the cluster, initdb, when it is empty), applies the migrations and exits: PGlite's WebAssembly
 * memory only grows, and initdb and the migrations would otherwise leave the serving thread holding some
 * 600 MiB it never uses again. The serving thread then opens a ready database.
 *
 * Plain JavaScript, so that the same file runs from source (tests, `pnpm dev`) and beside the built
 * dist/main.js (the build copies it): a worker thread cannot take the TypeScript loader of its parent.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { serveWire } from './pglite-wire.mjs';

/**
 * PostgreSQL's memory, within PGlite's (which never shrinks). shared_buffers defaults to 128 MB, and as a
 * year of chats is read it fills and stays resident; 32 MB holds what the server reads often (sessions,
 * users, the latest chats), and the rest comes from the operating system's file cache, which the machine
 * can reclaim. work_mem stays PostgreSQL's 4 MB: one session runs one sort at a time.
 */
const options = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'temp_buffers=2MB'],
};

if (isMainThread) await initialiseAndExit(process.argv[2], process.argv[3]);

/** @type {{ dataDir: string, socketPath: string }} */
const { dataDir, socketPath } = workerData;
const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread');

const db = await PGlite.create(dataDir, options);
// The server's pool holds one client at a time (PGlite is one PostgreSQL session). The pool drops a client
// whose connection failed and connects anew, sometimes before this side has seen the old socket close: a
// few connections are allowed so that the new one is not refused meanwhile (it waits for the old one's
// transaction, if any, to be rolled back: see pglite-wire.mjs).
const server = await serveWire(db, { path: socketPath, maxConnections: 4 });

port.on('message', async (/** @type {{ type?: string }} */ message) => {
  if (message?.type !== 'close') return;
  try {
    await server.stop();
  } finally {
    await db.close();
    port.postMessage({ type: 'closed' });
  }
});
port.postMessage({ type: 'ready' });

/**
 * The child process's work: the cluster created if need be, the migrations applied (drizzle's migrator
 * over PGlite keeps the same journal table as over node-postgres, so the server's own migrate() then finds
 * nothing to do), the database closed cleanly. Exits 0 on success; a failure is printed and exits 1.
 * @param {string | undefined} dir
 * @param {string | undefined} migrationsFolder
 */
async function initialiseAndExit(dir, migrationsFolder) {
  try {
    if (!dir || !migrationsFolder) throw new Error('usage: pglite-worker.mjs <dataDir> <migrationsDir>');
    const database = await PGlite.create(dir, options);
    try {
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle({ client: database }), { migrationsFolder });
    } finally {
      await database.close();
    }
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  }
}
