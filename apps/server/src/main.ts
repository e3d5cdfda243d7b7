import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import type { Database } from './db/client';
import { prepareDatabase } from './db/prepare';
import { loggerOptions } from './logger';
import { adminCommand } from './modules/account/admin-cli';
import { invitesCommand } from './modules/auth/invites-cli';
import { storageCommand } from './modules/storage/cli';
import { usersCommand } from './modules/users/cli';
import { type OperatorCommand, runThroughSocket, serveOperatorSocket } from './operator/socket';

/** The operator's commands, by their first argument. */
const operatorCommands: Record<string, OperatorCommand> = {
  invites: invitesCommand,
  storage: storageCommand,
  admin: adminCommand,
  users: usersCommand,
};

async function loadConfigOrExit(): Promise<Config> {
  try {
    return await loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const started = performance.now();
  const config = await loadConfigOrExit();
  const logger = pino(loggerOptions(config));
  if (config.databaseUrl && config.jwtSecretSource === 'file') {
    logger.warn(
      "JWT_SECRET is not set: tokens are signed with a secret generated in DATA_DIR; instances that do not share it reject each other's tokens",
    );
  }

  let database: Database | undefined;
  try {
    database = await prepareDatabase(config, logger);
    const db = database;
    const app = await buildApp(config, { database: db, logger });
    // The embedded database cannot be opened by a second process: operator commands come in through a
    // socket in the data directory and run here (operator/socket.ts).
    let closeOperatorSocket: (() => Promise<void>) | undefined;
    if (db.kind === 'pglite') {
      try {
        closeOperatorSocket = await serveOperatorSocket(db.db, config.dataDir, operatorCommands, logger);
      } catch (error) {
        logger.warn(
          { err: error },
          'operator commands cannot reach this server: its socket could not be opened',
        );
      }
    }

    // On SIGTERM/SIGINT: stop accepting, let requests in flight finish, then close the database. A second
    // signal or the SHUTDOWN_TIMEOUT ends the process at once.
    closeWithGrace(
      {
        delay: config.shutdownTimeout * 1000,
        logger: { error: (message: unknown) => logger.error(message) },
      },
      async ({ signal, err }) => {
        if (err) logger.error({ err }, 'fatal error; shutting down');
        else logger.info({ signal }, 'shutting down');
        await app.close();
        await closeOperatorSocket?.();
        await db.close();
        logger.info('stopped');
      },
    );

    const address = await app.listen({ port: config.port, host: config.host });
    logger.info(
      { address, database: db.kind, startupMs: Math.round(performance.now() - started) },
      'server ready',
    );
  } catch (error) {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else logger.fatal({ err: error }, 'start-up failed');
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
}

/**
 * An operator's command on the configured database: `node dist/main.js invites …` (invitation codes),
 * `node dist/main.js storage …` (users' storage allowances), `node dist/main.js admin …` (admins),
 * `node dist/main.js users …` (a temporary password, disabling an account). On the
 * embedded database a running server runs it (through its socket); otherwise the command opens the
 * database itself.
 */
async function operatorCommand(name: string, args: string[]) {
  const command = operatorCommands[name] as OperatorCommand;
  const config = await loadConfigOrExit();
  let database: Database | undefined;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    if (!config.databaseUrl) {
      const exit = await runThroughSocket(config.dataDir, name, args, out, (line) =>
        process.stderr.write(`${line}\n`),
      );
      if (exit !== undefined) {
        process.exitCode = exit;
        return;
      }
    }
    database = await prepareDatabase(config);
    process.exitCode = await command(database.db, args, (line) => process.stdout.write(`${line}\n`));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

const operator = process.argv[2];
if (operator !== undefined && Object.hasOwn(operatorCommands, operator))
  await operatorCommand(operator, process.argv.slice(3));
else await main();
