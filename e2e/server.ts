import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const repoRoot = path.resolve(import.meta.dirname, '..');
const runFile = promisify(execFile);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Builds the product as `pnpm start` does: the packages first, since the built server loads the editor's
 * converters (file reading, exports) from the editor's own build; then the SPA and the server.
 */
export function buildProduct() {
  const args = ['build'];
  // Under `pnpm test` the running pnpm is in npm_execpath; a bare `vitest` run may have no pnpm on PATH.
  const execPath = process.env.npm_execpath;
  const [command, commandArgs] =
    execPath && /pnpm/.test(path.basename(execPath))
      ? [process.execPath, [execPath, ...args]]
      : ['npx', ['-y', 'pnpm@10.34.8', ...args]];
  // The product as `pnpm start` builds it: Vitest sets NODE_ENV=test, and Vite would then bundle React's
  // development build (slower, with StrictMode's double effects) instead of the one users get.
  execFileSync(command, commandArgs, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/**
 * Waits until the server answers healthy or exits. A first start creates and migrates the embedded
 * database in a child process before serving, which takes well over a minute on a loaded machine: the
 * five-minute bound only stops a server that hangs.
 */
async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy in 5 minutes:\n${log()}`);
}

export interface RunningServer {
  baseURL: string;
  pid: number;
  /**
   * Runs an operator's command (`node dist/main.js admin grant <e-mail>`, `invites …`) with the server's
   * own settings while it runs, as its operator would; resolves with what the command printed.
   */
  operator(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the built server on a free port with a throwaway data directory. */
/** Limits raised for runs that make many accounts and streams from one address (e2e, benchmarks). */
export const LOAD_TEST_LIMITS = {
  REGISTRATIONS_PER_IP_PER_DAY: '100000',
  USER_RATE_LIMIT_MAX: '100000',
  MAX_CONCURRENT_STREAMS: '50',
  RATE_LIMIT_MAX: '100000',
};

export async function startServer(
  env: Record<string, string> = {},
  /** Extra Node flags for this server only (a journey's test-only `--import`, see server-clock.mjs). */
  options: { nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wanxiang-'));
  let output = '';
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
  const serverDir = path.join(repoRoot, 'apps/server');
  const child = spawn(
    process.execPath,
    [
      ...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...(options.nodeArgs ?? []),
      'dist/main.js',
    ],
    { cwd: serverDir, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const collect = (d: Buffer) => {
    output += d;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseURL = `http://127.0.0.1:${port}`;
  // However this process ends (a crash, an unhandled rejection, Ctrl+C), the server it started ends too.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  try {
    await waitForHealth(baseURL, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    pid: child.pid ?? 0,
    async operator(args) {
      const { stdout } = await runFile(process.execPath, ['dist/main.js', ...args], {
        cwd: serverDir,
        env: serverEnv,
        encoding: 'utf8',
      });
      return stdout;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
