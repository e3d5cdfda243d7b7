import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { ensureDefaultPlan } from '../modules/billing/plans';
import { type Database, openDatabase } from './client';

/** Opens the configured database, applies migrations and seeds the default plan. */
export async function prepareDatabase(config: Config, logger?: Logger): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolMax: config.databasePoolMax,
        ...(logger ? { logger } : {}),
      })
    : await openDatabase({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'pgdata'),
        ...(logger ? { logger } : {}),
      });
  try {
    await database.migrate();
    await ensureDefaultPlan(database.db, config.defaultPlan);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
