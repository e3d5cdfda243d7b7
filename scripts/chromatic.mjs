// Chromatic needs a project token and the network; offline, the Vitest `vrt` project is the gate.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.error(
    'CHROMATIC_PROJECT_TOKEN is not set. Create a project on chromatic.com, export its token, and run\n' +
      '`pnpm chromatic` again. Offline, `pnpm test` compares stories against the committed screenshots.',
  );
  process.exit(1);
}
const result = spawnSync('npx', ['chromatic', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
