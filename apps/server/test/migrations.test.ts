import { spawnSync } from 'node:child_process';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { migrationsDir } from '../src/paths';
import { createPostgresDatabase, databaseKinds, tempDir } from './helpers';

const serverDir = path.resolve(import.meta.dirname, '..');

describe('migrations', () => {
  it('match the schema: a schema change without `npm run db:generate` fails here', async () => {
    const scratch = await tempDir('wx-drift-');
    try {
      await cp(migrationsDir, scratch.dir, { recursive: true });
      const before = (await readdir(scratch.dir)).filter((f) => f.endsWith('.sql'));
      const result = spawnSync(
        process.execPath,
        [
          path.join(serverDir, 'node_modules', 'drizzle-kit', 'bin.cjs'),
          'generate',
          '--dialect=postgresql',
          '--schema=./src/db/schema.ts',
          // drizzle-kit prefixes the output folder with ./, so it must be relative.
          `--out=${path.relative(serverDir, scratch.dir)}`,
        ],
        { cwd: serverDir, encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(`${result.stdout}${result.stderr}`).toContain('No schema changes');
      expect((await readdir(scratch.dir)).filter((f) => f.endsWith('.sql'))).toEqual(before);
    } finally {
      await scratch.remove();
    }
  });
});

async function rows<Row>(database: Database, query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The migrations as they were up to (and with) `lastTag`, in a folder of their own. */
async function migrationsUpTo(lastTag: string) {
  const scratch = await tempDir('wx-migrations-');
  await cp(migrationsDir, scratch.dir, { recursive: true });
  const journalPath = path.join(scratch.dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return scratch;
}

describe.each(databaseKinds)('the assistant turns migration on %s', (kind) => {
  it('renames doc_chat_turns to assistant_turns in place: the rows, key, foreign key and indexes stay', async () => {
    let database: Database;
    let drop: () => Promise<void>;
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 2 });
      drop = async () => {
        await database.close();
        await created.drop();
      };
    } else {
      database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
      drop = () => database.close();
    }
    const before = await migrationsUpTo('0014_storage_quota');
    try {
      await migrate(database.db as unknown as NodePgDatabase, { migrationsFolder: before.dir });
      const [user] = await rows<{ id: string }>(
        database,
        sql`insert into users (email, password_hash) values ('turns@example.com', 'x') returning id`,
      );
      await database.db.execute(
        sql`insert into doc_chat_turns (user_id, question, answer, status, model_id, model_name, files)
            values (${user?.id}, '总结这一段', '这一段说的是…', 'complete', 'offline-demo', '离线演示',
                    '[{"name":"a.pdf","type":"application/pdf","size":3}]'::jsonb)`,
      );

      await database.migrate();

      const turns = await rows(database, sql`select user_id, question, answer, files from assistant_turns`);
      expect(turns).toEqual([
        {
          user_id: user?.id,
          question: '总结这一段',
          answer: '这一段说的是…',
          files: [{ name: 'a.pdf', type: 'application/pdf', size: 3 }],
        },
      ]);
      const old = await rows<{ name: string | null }>(
        database,
        sql`select to_regclass('public.doc_chat_turns')::text as name`,
      );
      expect(old[0]?.name).toBeNull();
      const indexes = await rows<{ indexname: string }>(
        database,
        sql`select indexname from pg_indexes where tablename = 'assistant_turns' order by indexname`,
      );
      expect(indexes.map((row) => row.indexname)).toEqual([
        'assistant_turns_history',
        'assistant_turns_pkey',
        'assistant_turns_status',
      ]);
      const constraints = (
        await rows<{ conname: string }>(
          database,
          sql`select conname from pg_constraint where conrelid = 'assistant_turns'::regclass order by conname`,
        )
      ).map((row) => row.conname);
      expect(constraints).toEqual(
        expect.arrayContaining(['assistant_turns_pkey', 'assistant_turns_user_id_users_id_fk']),
      );
      // PostgreSQL 18 names each NOT NULL too: none keeps the old name.
      expect(constraints.filter((name) => !name.startsWith('assistant_turns_'))).toEqual([]);
      // The foreign key still cascades: a deleted user takes the turns along.
      await database.db.execute(sql`delete from users where id = ${user?.id}`);
      const left = await rows<{ count: number }>(
        database,
        sql`select count(*)::int as count from assistant_turns`,
      );
      expect(left[0]?.count).toBe(0);
    } finally {
      await before.remove();
      await drop();
    }
  });
});
