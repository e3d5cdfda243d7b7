import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import type { Database } from './db/client';
import { prepareDatabase } from './db/prepare';
import { loggerOptions } from './logger';
import { invitesCommand } from './modules/auth/invites-cli';
import { storageCommand } from './modules/storage/cli';

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

type Command = (db: Database['db'], args: string[], out: (line: string) => void) => Promise<number>;

/**
 * An operator's command on the configured database: `node dist/main.js invites …` (invitation codes),
 * `node dist/main.js storage …` (users' storage allowances).
 */
async function operatorCommand(command: Command, args: string[]) {
  const config = await loadConfigOrExit();
  let database: Database | undefined;
  try {
    database = await prepareDatabase(config);
    process.exitCode = await command(database.db, args, (line) => process.stdout.write(`${line}\n`));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

if (process.argv[2] === 'invites') await operatorCommand(invitesCommand, process.argv.slice(3));
else if (process.argv[2] === 'storage') await operatorCommand(storageCommand, process.argv.slice(3));
else await main();
