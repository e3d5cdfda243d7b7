/**
 * Operator commands (`node dist/main.js invites|storage|admin …`) while the server runs on its embedded
 * database. PGlite keeps the database in one process: a second process cannot open the data directory
 * while the server has it. So the running server listens on a Unix socket in the data directory,
 * `operator.sock`, and runs the command for the CLI with its own connection, sending back the lines it
 * prints and its exit code. The socket is made readable and writable by its owner only (the data
 * directory is 0700 too): whoever can use it could read the database files anyway. On PostgreSQL the CLI
 * opens the database itself, as many processes may.
 */
import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../db/client';

export type OperatorCommand = (db: Db, args: string[], out: (line: string) => void) => Promise<number>;

export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'operator.sock');

/** The longest request line read (a command and its arguments). */
const MAX_REQUEST = 16 * 1024;

/** Serves the operator commands on the data directory's socket; answers a function that closes it. */
export async function serveOperatorSocket(
  db: Db,
  dataDir: string,
  commands: Record<string, OperatorCommand>,
  logger: Logger,
): Promise<() => Promise<void>> {
  const socketPath = operatorSocketPath(dataDir);
  // A socket file left by a server that died is in the way; a live server would hold the database, which
  // this process has just opened, so none is.
  await rm(socketPath, { force: true });
  const server: Server = createServer((connection) => {
    let buffered = '';
    connection.setEncoding('utf8');
    const send = (message: unknown) => connection.write(`${JSON.stringify(message)}\n`);
    connection.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST) {
        connection.destroy();
        return;
      }
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      connection.removeAllListeners('data');
      void (async () => {
        try {
          const request = JSON.parse(buffered.slice(0, end)) as { command?: unknown; args?: unknown };
          const command = typeof request.command === 'string' ? commands[request.command] : undefined;
          const args = Array.isArray(request.args) ? request.args.map(String) : [];
          if (!command) {
            send({ line: `未知命令：${String(request.command)}` });
            send({ exit: 2 });
          } else {
            logger.info({ command: request.command, action: args[0] }, 'operator command');
            const exit = await command(db, args, (line) => send({ line }));
            send({ exit });
          }
        } catch (error) {
          send({ error: error instanceof Error ? error.message : String(error) });
          send({ exit: 1 });
        }
        connection.end();
      })();
    });
    connection.on('error', () => connection.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    }).then(() => rm(socketPath, { force: true }));
}

/**
 * Runs the command in the server that listens on the data directory's socket. Answers its exit code, or
 * undefined when no server listens there (the caller then opens the database itself).
 */
export function runThroughSocket(
  dataDir: string,
  command: string,
  args: string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(operatorSocketPath(dataDir));
    let buffered = '';
    let exit: number | undefined;
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ command, args })}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\n');
      while (end >= 0) {
        const message = JSON.parse(buffered.slice(0, end)) as {
          line?: string;
          error?: string;
          exit?: number;
        };
        buffered = buffered.slice(end + 1);
        if (message.line !== undefined) out(message.line);
        if (message.error !== undefined) err(message.error);
        if (message.exit !== undefined) exit = message.exit;
        end = buffered.indexOf('\n');
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(error);
    });
    socket.on('close', () => {
      if (!connected) return;
      if (exit === undefined) reject(new Error('服务器在命令完成前断开了连接。'));
      else resolve(exit);
    });
  });
}
