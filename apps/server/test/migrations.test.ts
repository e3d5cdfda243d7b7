import { spawnSync } from 'node:child_process';
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/paths';
import { tempDir } from './helpers';

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
