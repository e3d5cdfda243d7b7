/**
 * The embedded database on its own thread. PGlite is PostgreSQL compiled to WebAssembly: every statement
 * runs synchronously on the thread that owns it, and on the server's thread it would hold up every stream
 * in flight (a stored partial answer, a credit hold and a sign-in check cost milliseconds each). Here it
 * runs beside the server's thread, on the machine's other core, and speaks the PostgreSQL wire protocol on
 * a Unix socket that only this user can open; the server reaches it through node-postgres, as it reaches
 * a real PostgreSQL.
 *
 * workerData: { dataDir: string (a directory, or `memory://`), socketPath: string }.
 * Messages to the parent: { type: 'ready' } once it listens; { type: 'closed' } after a { type: 'close' }.
 *
 * Plain JavaScript, so that the same file runs from source (tests, `pnpm dev`) and beside the built
 * dist/main.js (the build copies it): a worker thread cannot take the TypeScript loader of its parent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataDir: string, socketPath: string }} */
const { dataDir, socketPath } = workerData;
const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread');

const db = await PGlite.create(dataDir);
// The server's pool holds one client at a time (PGlite is one PostgreSQL session). The pool drops a client
// whose query failed and connects anew, sometimes before this side has seen the old socket close: a few
// connections are allowed so that the new one is not refused meanwhile.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
await server.start();

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
