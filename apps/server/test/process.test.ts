import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKinds, fixtureWebDist, tempDir } from './helpers';

const serverDir = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * These tests start the server two or three times from source, each start creating or opening an embedded
 * database (3–7 s alone); with the browser suites running beside them that can pass 30 s.
 */
const PROCESS_TEST_TIMEOUT = 120_000;

interface Running {
  child: ChildProcess;
  address: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

/** Starts src/main.ts in its own process, as `npm run dev` does, with only the given environment. */
function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--conditions=@wanxiang/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const address = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; address?: string };
          if (entry.msg === 'server ready' && entry.address) resolve(entry.address);
        } catch {
          // a partial line; the rest comes with the next chunk
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then(({ code }) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  address.catch(() => undefined);
  return { child, address, exited, output: () => output };
}

const running: Running[] = [];
afterAll(() => {
  for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
});

function launch(env: Record<string, string>) {
  const r = start(env);
  running.push(r);
  return r;
}

async function post(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe.each(databaseKinds)('the server process on %s', (kind) => {
  it(
    'finishes a request in flight on SIGTERM, refuses new ones, closes the database and keeps its data',
    async () => {
      const data = await tempDir('wx-proc-');
      const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined;
      try {
        // No JWT_SECRET: the generated one in DATA_DIR must survive the restart.
        const env = {
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: data.dir,
          WEB_DIST_DIR: await fixtureWebDist(),
          PASSWORD_HASH_MEMORY_KIB: '1024',
          PASSWORD_HASH_ITERATIONS: '1',
          ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
        };
        const first = launch(env);
        const base = await first.address;
        expect(
          (await post(base, '/api/auth/register/', { email: 'before@example.com', password: PASSWORD }))
            .status,
        ).toBe(201);
        const tokens = (await (
          await post(base, '/api/auth/login/', { email: 'before@example.com', password: PASSWORD })
        ).json()) as {
          access: string;
        };

        // A registration whose body is only half sent when the signal arrives.
        const { port } = new URL(base);
        const socket = net.connect(Number(port), '127.0.0.1');
        await once(socket, 'connect');
        const body = JSON.stringify({ email: 'inflight@example.com', password: PASSWORD });
        const half = Math.floor(body.length / 2);
        socket.write(
          `POST /api/auth/register/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
        );
        let response = '';
        socket.on('data', (chunk) => {
          response += chunk.toString();
        });
        await sleep(200);
        first.child.kill('SIGTERM');
        await sleep(400);
        await expect(fetch(`${base}/api/health/`)).rejects.toThrow();
        socket.write(body.slice(half));
        await once(socket, 'close');
        expect(response).toMatch(/^HTTP\/1\.1 201 /);
        expect(response).toContain('inflight@example.com');
        const { code } = await first.exited;
        expect(code).toBe(0);
        expect(first.output()).toContain('"msg":"stopped"');

        // Everything committed before the shutdown is there after a restart, and old tokens still verify.
        const second = launch(env);
        const again = await second.address;
        const me = await fetch(`${again}/api/auth/users/me/`, {
          headers: { authorization: `Bearer ${tokens.access}` },
        });
        expect(me.status).toBe(200);
        expect(
          (await post(again, '/api/auth/login/', { email: 'inflight@example.com', password: PASSWORD }))
            .status,
        ).toBe(200);
        second.child.kill('SIGINT');
        expect((await second.exited).code).toBe(0);
      } finally {
        await pgDb?.drop();
        await data.remove();
      }
    },
    PROCESS_TEST_TIMEOUT,
  );
});

describe('start-up failures', () => {
  it('exits with 1 and names the bad variable', async () => {
    const r = launch({ PORT: 'eighty', DATA_DIR: '/tmp/wx-never-used' });
    const { code } = await r.exited;
    expect(code).toBe(1);
    expect(r.output()).toContain('环境变量 PORT：应为 0 到 65535 之间的整数（当前值：“eighty”）');
  });

  it(
    'refuses to open an embedded database that another process has open',
    async () => {
      const data = await tempDir('wx-lock-');
      try {
        const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: data.dir, JWT_SECRET: 'x'.repeat(40) };
        const owner = launch(env);
        await owner.address;
        const intruder = launch(env);
        const { code } = await intruder.exited;
        expect(code).toBe(1);
        expect(intruder.output()).toContain(`正被进程 ${owner.child.pid} 使用`);
        owner.child.kill('SIGTERM');
        expect((await owner.exited).code).toBe(0);
        // Released on shutdown: the next start succeeds.
        const next = launch(env);
        await next.address;
        next.child.kill('SIGTERM');
        expect((await next.exited).code).toBe(0);
      } finally {
        await data.remove();
      }
    },
    PROCESS_TEST_TIMEOUT,
  );
});
