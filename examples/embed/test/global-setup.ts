import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error a plain ES module script without declarations
import { setupExample } from '../setup.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    embedURL: string;
    embedDir: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

/** Packs, installs and builds the example in a temporary directory, then serves its build (vite preview). */
export default async function setup(project: TestProject) {
  // EMBED_DIR reuses a directory setup.mjs built (quick local reruns); it is left in place then.
  const given = process.env.EMBED_DIR;
  const dir: string = given ?? setupExample();
  const port = await freePort();
  const preview: ChildProcess = spawn(
    path.join(dir, 'node_modules', '.bin', 'vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: dir, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  // Serving starts within a second or two; poll for it rather than guess.
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 300) throw new Error(`vite preview did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  project.provide('embedURL', url);
  project.provide('embedDir', dir);
  return () => {
    preview.kill();
    if (!given) rmSync(dir, { recursive: true, force: true });
  };
}
