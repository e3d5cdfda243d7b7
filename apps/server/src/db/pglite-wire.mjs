/**
 * The PostgreSQL wire protocol over a socket, served by one PGlite, a batch at a time.
 *
 * Written here rather than taken from @electric-sql/pglite-socket, which runs each protocol message on its
 * own and writes each answer on its own: a prepared statement (Bind, Describe, Execute, Sync) then costs
 * four trips through PGlite and four socket writes, and each write wakes the server's thread. Measured on
 * the chat's 200-turn burst, those wake-ups were a quarter of the server thread's time. Here every complete
 * message a read brings runs in one call (PGlite processes batched messages in order, as a PostgreSQL
 * backend reads its socket), and its whole answer leaves in one write.
 *
 * PGlite is one PostgreSQL session. A connection holds it from its first message until it is between
 * statements again: its last message was a Sync or a simple Query and no transaction is open. Meanwhile the
 * batches of any other connection wait, so that one connection's extended-protocol messages or transaction
 * never interleave with another's. A connection that closes while it holds the session has its transaction
 * rolled back.
 *
 * Plain JavaScript, for the same reason as pglite-worker.mjs, which it serves.
 */
import { createServer } from 'node:net';

const SSL_REQUEST = 80_877_103;
const CANCEL_REQUEST = 80_877_102;
const PROTOCOL_3 = 196_608;
/** PostgreSQL refuses a start-up packet over 10,000 bytes. */
const MAX_STARTUP = 10_000;
/** Messages after which the session is between statements (unless a transaction is open). */
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);
const ROLLBACK_MESSAGE = simpleQuery('rollback');

/** A simple-protocol Query message: 'Q', its length, the text and a NUL. */
function simpleQuery(text) {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/**
 * @typedef {{
 *   socket: import('node:net').Socket,
 *   pending: Buffer,
 *   started: boolean,
 *   batches: Batch[],
 *   closed: boolean,
 * }} Connection
 */

/**
 * Complete messages as a read brought them, with the types of the last two and where the last begins (the
 * start-up message counts as type 0).
 * @typedef {{ bytes: Buffer, last: number, previous: number, lastStart: number }} Batch
 */

/**
 * Listens on `path` and serves `db` until the returned stop() is called.
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {{ path: string, maxConnections: number }} options
 * @returns {Promise<{ stop(): Promise<void> }>}
 */
export async function serveWire(db, { path, maxConnections }) {
  /** @type {Set<Connection>} */
  const connections = new Set();
  /** Connections with batches waiting, in the order they asked. */
  /** @type {Connection[]} */
  const ready = [];
  /** @type {Connection | null} */
  let holder = null;
  /** The loop running batches, while there are any. */
  /** @type {Promise<void> | null} */
  let running = null;

  /** Splits what `connection` has received into the part made of complete messages and the rest. */
  function takeComplete(connection) {
    const buffer = connection.pending;
    let offset = 0;
    if (!connection.started) {
      // Before start-up, messages have no type byte: length, then a code.
      if (buffer.length < 8) return;
      const length = buffer.readInt32BE(0);
      const code = buffer.readInt32BE(4);
      if (length < 8 || length > MAX_STARTUP) {
        connection.socket.destroy();
        return;
      }
      if (buffer.length < length) return;
      connection.pending = buffer.subarray(length);
      if (code === SSL_REQUEST) {
        connection.socket.write('N');
      } else if (code === CANCEL_REQUEST) {
        // PGlite has no backend to interrupt; the protocol expects no answer, and the socket closes.
        connection.socket.end();
      } else if (code === PROTOCOL_3) {
        connection.started = true;
        queue(connection, { bytes: buffer.subarray(0, length), last: 0, previous: 0, lastStart: 0 });
      } else {
        connection.socket.destroy();
        return;
      }
      takeComplete(connection);
      return;
    }
    let last = 0;
    let previous = 0;
    let lastStart = 0;
    while (buffer.length - offset >= 5) {
      const declared = buffer.readInt32BE(offset + 1);
      if (declared < 4) {
        connection.socket.destroy();
        return;
      }
      const length = 1 + declared;
      if (buffer.length - offset < length) break;
      previous = last;
      last = /** @type {number} */ (buffer[offset]);
      lastStart = offset;
      offset += length;
    }
    if (offset === 0) return;
    connection.pending = buffer.subarray(offset);
    queue(connection, { bytes: buffer.subarray(0, offset), last, previous, lastStart });
  }

  /** @param {Connection} connection @param {Batch} batch */
  function queue(connection, batch) {
    connection.batches.push(batch);
    if (connection.batches.length === 1) ready.push(connection);
    void run();
  }

  /** Runs waiting batches, one at a time, each connection's in order, the holder's before anyone else's. */
  function run() {
    running ??= loop().finally(() => {
      running = null;
    });
    return running;
  }

  async function loop() {
    for (;;) {
      if (holder?.closed) {
        holder = null;
        await abandon();
      }
      const index = holder ? ready.indexOf(holder) : 0;
      const connection = ready[index];
      if (!connection) break;
      const batch = /** @type {Batch} */ (connection.batches.shift());
      if (connection.batches.length === 0) ready.splice(index, 1);
      if (!connection.closed) await execute(connection, batch);
    }
  }

  /** @param {Connection} connection @param {Batch} batch */
  async function execute(connection, batch) {
    // Terminate is the client's goodbye, at the end of what it sends; PGlite would stop reading at it.
    const terminated = batch.last === TERMINATE;
    const body = terminated ? batch.bytes.subarray(0, batch.lastStart) : batch.bytes;
    const last = terminated ? batch.previous : batch.last;
    if (body.length > 0) {
      /** @type {Buffer[]} */
      const parts = [];
      try {
        // The raw stream, not execProtocolRaw: that one also parses every answer into messages (for
        // errors and notifications PGlite's own API reports), a fifth of this thread's time under a burst.
        // The answer is copied out of PGlite's memory, which the next statement reuses.
        await db.runExclusive(() =>
          db.execProtocolRawStream(body, { onRawData: (bytes) => void parts.push(Buffer.from(bytes)) }),
        );
      } catch {
        // PGlite itself failed (a database error is an answer, not a throw): the client sees its
        // connection drop, as with a PostgreSQL backend that died, and reconnects to a clean session.
        holder = connection;
        connection.socket.destroy();
        return;
      }
      const answer = parts.length === 1 ? parts[0] : Buffer.concat(parts);
      if (answer.length > 0 && !connection.closed) connection.socket.write(answer);
      const between = last === SYNC || last === QUERY || last === 0;
      holder = between && !db.isInTransaction() ? null : connection;
    }
    if (terminated) connection.socket.end();
  }

  /**
   * The session as a closed connection left it, made ready for the next: an extended-protocol exchange it
   * left half done is synced (after an error PostgreSQL ignores everything until a Sync), and its open
   * transaction is rolled back, as a PostgreSQL backend's is when its client goes.
   */
  async function abandon() {
    await db
      .runExclusive(async () => {
        await db.execProtocolRaw(SYNC_MESSAGE);
        // As a message, not db.exec(), which would wait for the lock this holds.
        if (db.isInTransaction()) await db.execProtocolRaw(ROLLBACK_MESSAGE);
      })
      .catch(() => undefined);
  }

  /** @param {Connection} connection */
  function release(connection) {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    // If it held the session, run() gives it back.
    void run();
  }

  const server = createServer((socket) => {
    if (connections.size >= maxConnections) {
      socket.destroy();
      return;
    }
    /** @type {Connection} */
    const connection = { socket, pending: Buffer.alloc(0), started: false, batches: [], closed: false };
    connections.add(connection);
    socket.on('data', (chunk) => {
      connection.pending =
        connection.pending.length === 0 ? chunk : Buffer.concat([connection.pending, chunk]);
      takeComplete(connection);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => release(connection));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  return {
    async stop() {
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        for (const connection of connections) connection.socket.destroy();
      });
      for (const connection of [...connections]) release(connection);
      await running;
    },
  };
}
