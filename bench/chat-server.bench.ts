/**
 * The chat server under load, through real sockets against the built server:
 *
 * 1. 200 simultaneous health checks: the floor under any burst of requests on this machine.
 * 2. 200 simultaneous answers of the offline model (35 ms between pieces by default): the delay between
 *    consecutive pieces as a client receives them (budget: p99 under 50 ms), each answer's first text,
 *    the CPU the server and this process spent until the last first text, and the server's resident
 *    memory before and at its peak. The server has answered one turn before: this burst is its first, and
 *    V8 compiles the burst's code as it runs (its compiler threads took about 300 ms of CPU on two cores).
 * 3. The same 200 simultaneous turns again, on the server now warm, as a server that has been up for a
 *    while meets a crowd: each one's first text (budget: p50 under 200 ms).
 * 4. 200 turns arriving within one second, one every 5 ms: each one's first text.
 * 5. The server's overhead on time to first token: a local OpenAI-compatible server is asked directly, then
 *    through our server (sign-in checked, session and messages written, credits held, the AI SDK's stream
 *    relayed), turn after turn; the difference of the medians is ours (budget: under 10 ms at p50).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOAD_TEST_LIMITS, startServer } from '../e2e/server';
import { quantile } from './stats';

const STREAMS = 200;
/** New users get 1000 credits; an offline turn holds about 10, so the streams are spread over users. */
const STREAMS_PER_USER = 20;
const TTFB_ROUNDS = 100;
/** Turns before the timed ones, so that both servers run optimised code. */
const TTFB_WARM_UP = 30;
const PASSWORD = 'bench-password-2026';

const ms = (n: number) => `${n.toFixed(1)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

function rssMiB(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) the process has used, in ms. */
function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name; clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export async function newUser(baseURL: string, tag: string): Promise<string> {
  const email = `bench-${tag}-${process.pid}-${Date.now()}@example.com`;
  await postJson(`${baseURL}/api/auth/register/`, { email, password: PASSWORD });
  const login = await postJson(`${baseURL}/api/auth/login/`, { email, password: PASSWORD });
  return String(login.access);
}

interface StreamTiming {
  /** ms from sending to the first text frame. */
  firstText: number;
  /** ms between consecutive arrivals that carried text frames. */
  gaps: number[];
  frames: number;
  done: boolean;
}

/** One turn over node:http (fetch's own parsing would weigh on the client side of 200 streams). */
function timedTurn(
  baseURL: string,
  access: string,
  modelId: string,
  text: string,
  onFirstText: () => void = () => {},
): Promise<StreamTiming> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const timing: StreamTiming = { firstText: Number.NaN, gaps: [], frames: 0, done: false };
    let last = 0;
    let tail = '';
    const req = httpRequest(
      new URL('/api/chat/turns/create-turn/', baseURL),
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => reject(new Error(`create-turn answered ${res.statusCode}: ${body}`)));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const now = performance.now();
          const data = tail + chunk;
          const texts = data.split('"type":"text"').length - 1;
          tail = data.slice(-16);
          if (data.includes('data: [DONE]')) timing.done = true;
          if (texts === 0) return;
          timing.frames += texts;
          if (Number.isNaN(timing.firstText)) {
            timing.firstText = now - started;
            onFirstText();
          } else timing.gaps.push(now - last);
          last = now;
        });
        res.on('end', () => resolve(timing));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ session_id: null, model_id: modelId, prompt: { text }, search_enabled: false }));
  });
}

/** Users enough for STREAMS turns at STREAMS_PER_USER each; answers the access token for turn `i`. */
async function streamUsers(baseURL: string, tag: string): Promise<(i: number) => string> {
  const users = await Promise.all(
    Array.from({ length: Math.ceil(STREAMS / STREAMS_PER_USER) }, (_, i) => newUser(baseURL, `${tag}${i}`)),
  );
  return (i) => users[Math.floor(i / STREAMS_PER_USER)] as string;
}

/** One GET over node:http on a connection of its own: ms until its whole answer arrived. */
function timedGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The floor under the first-text figures: 200 simultaneous health checks (one connection each, one
 * database statement, no sign-in, no stream). No turn can start sooner than this on the same machine.
 */
async function simultaneousHealth(server: { baseURL: string }) {
  await timedGet(`${server.baseURL}/api/health/`);
  const times = sorted(
    await Promise.all(Array.from({ length: STREAMS }, () => timedGet(`${server.baseURL}/api/health/`))),
  );
  return [
    [
      `chat: ${STREAMS} simultaneous health checks (the floor of any request) p50 / p99`,
      `${ms(quantile(times, 0.5))} / ${ms(quantile(times, 0.99))}`,
    ],
  ] as const;
}

/** STREAMS turns sent at the same moment, turn `i` by `userFor(i)` asking `question(i)`. */
function simultaneousTurns(
  baseURL: string,
  userFor: (i: number) => string,
  question: (i: number) => string,
  onFirstText?: () => void,
): Promise<StreamTiming[]> {
  return Promise.all(
    Array.from({ length: STREAMS }, (_, i) =>
      timedTurn(baseURL, userFor(i), 'offline-demo', question(i), onFirstText),
    ),
  );
}

/** The p50 and p99 of the turns' first texts. */
function firstTextFigures(results: readonly StreamTiming[]): string {
  const firsts = sorted(results.map((r) => r.firstText));
  return `${ms(quantile(firsts, 0.5))} / ${ms(quantile(firsts, 0.99))}`;
}

/** 200 simultaneous turns once more, after the first burst: the first text of each. */
async function simultaneousWarm(server: { baseURL: string }) {
  const userFor = await streamUsers(server.baseURL, 'warm');
  const results = await simultaneousTurns(
    server.baseURL,
    userFor,
    (i) => `第 ${i + 1} 个问题，再来一轮：请介绍一下万象工作台。`,
  );
  return [
    [
      `chat: ${STREAMS} simultaneous turns on the warm server, first text p50 / p99 (budget p50 < 200 ms)`,
      firstTextFigures(results),
    ],
  ] as const;
}

/**
 * 200 turns arriving within one second, evenly (one every 5 ms), as a crowd of users sends them: the
 * first text of each, while the answers already started stream on.
 */
async function turnsWithinASecond(server: { baseURL: string }) {
  const userFor = await streamUsers(server.baseURL, 'second');
  const spacing = 1000 / STREAMS;
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: STREAMS }, async (_, i) => {
      // Each arrival's moment is counted from the same start, so a late timer does not delay the next.
      await sleep(Math.max(0, started + i * spacing - performance.now()));
      return timedTurn(
        server.baseURL,
        userFor(i),
        'offline-demo',
        `第 ${i + 1} 个问题：请介绍一下万象工作台。`,
      );
    }),
  );
  return [
    [`chat: ${STREAMS} turns arriving within one second, first text p50 / p99`, firstTextFigures(results)],
  ] as const;
}

async function concurrentOffline(server: { baseURL: string; pid?: number }) {
  const userFor = await streamUsers(server.baseURL, 'load');
  // One turn first, so that the connection and the statements' preparation are not in the figures; V8's
  // compiling of the burst's code is (the warm burst below is measured without it).
  await timedTurn(server.baseURL, userFor(0), 'offline-demo', '预热');
  const idle = rssMiB(server.pid);
  const cpuBefore = cpuMs(server.pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(server.pid));
  }, 50);
  // What the machine spent until the last first text: the server (both its threads) and this process,
  // which makes the 200 connections and reads their streams on the same two cores.
  let firstTexts = 0;
  let burst = { wall: Number.NaN, server: Number.NaN, client: Number.NaN };
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const onFirstText = () => {
    firstTexts += 1;
    if (firstTexts < STREAMS) return;
    const client = process.cpuUsage(clientBefore);
    burst = {
      wall: performance.now() - started,
      server: cpuMs(server.pid) - cpuBefore,
      client: (client.user + client.system) / 1000,
    };
  };
  const results = await simultaneousTurns(
    server.baseURL,
    userFor,
    (i) => `第 ${i + 1} 个并发问题：请介绍一下万象工作台。`,
    onFirstText,
  );
  const wall = performance.now() - started;
  const cpu = cpuMs(server.pid) - cpuBefore;
  clearInterval(sampler);
  const gaps = sorted(results.flatMap((r) => r.gaps));
  const complete = results.filter((r) => r.done).length;
  const pieces = results.reduce((sum, r) => sum + r.frames, 0);
  // The same gaps once every stream is past its first second, when the start-up burst is over.
  const steady = sorted(results.flatMap((r) => r.gaps.slice(Math.ceil(1000 / 35))));
  return [
    [
      `chat: ${STREAMS} simultaneous offline streams completed`,
      `${complete}/${STREAMS} in ${(wall / 1000).toFixed(1)} s`,
    ],
    [
      'chat: offline chunk gap p50 / p99 / max (35 ms pace)',
      `${ms(quantile(gaps, 0.5))} / ${ms(quantile(gaps, 0.99))} / ${ms(gaps.at(-1) ?? Number.NaN)}`,
    ],
    [
      "chat: offline chunk gap after each stream's first second p50 / p99",
      `${ms(quantile(steady, 0.5))} / ${ms(quantile(steady, 0.99))}`,
    ],
    [
      'chat: server CPU for the 200 streams (per text piece)',
      `${(cpu / 1000).toFixed(1)} s (${((cpu * 1000) / pieces).toFixed(0)} µs per piece, ${pieces} pieces)`,
    ],
    [
      `chat: ${STREAMS} simultaneous turns on a server just started, first text p50 / p99`,
      firstTextFigures(results),
    ],
    [
      'chat: until the last first text: wall / server CPU / bench client CPU',
      `${ms(burst.wall)} / ${burst.server.toFixed(0)} ms / ${burst.client.toFixed(0)} ms (two cores give ${(2 * burst.wall).toFixed(0)} ms)`,
    ],
    ['chat: server RSS idle / peak with 200 streams', `${idle.toFixed(0)} MiB / ${peak.toFixed(0)} MiB`],
  ] as const;
}

/** Time to the first content byte of a direct streaming request to the OpenAI-compatible server. */
function directFirstToken(baseURL: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let settled = false;
    const req = httpRequest(
      `${baseURL}/chat/completions`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!settled && chunk.includes('"content":"') && !chunk.includes('"content":""}')) {
            settled = true;
            resolve(performance.now() - started);
          } else if (!settled && /"content":"[^"]/.test(chunk)) {
            settled = true;
            resolve(performance.now() - started);
          }
        });
        res.on('end', () => {
          if (!settled) reject(new Error('no content from the upstream'));
        });
      },
    );
    req.on('error', reject);
    req.end(
      JSON.stringify({
        model: 'stream',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: '你好' }],
      }),
    );
  });
}

/** The OpenAI-compatible server in its own process (bench/fake-openai-process.ts). */
async function startUpstream(): Promise<{ baseURL: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, new URL('./fake-openai-process.ts', import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const baseURL = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`the local OpenAI-compatible server exited (${code})`)));
  });
  return { baseURL, stop: () => child.kill('SIGTERM') };
}

async function firstTokenOverhead() {
  const upstream = await startUpstream();
  const models = JSON.stringify({
    providers: [
      {
        id: 'local',
        type: 'openai-compatible',
        base_url: upstream.baseURL,
        api_key: 'sk-test',
        models: [{ id: 'stream', name: '本地模拟模型', input_price_credits: 1, output_price_credits: 1 }],
      },
    ],
  });
  // Its own embedded database: the models file seeds the model catalog of a database that has none.
  const ours = await startServer({
    NODE_ENV: 'production',
    DATABASE_URL: '',
    MODELS_CONFIG_JSON: models,
    ...LOAD_TEST_LIMITS,
  });
  try {
    const access = await newUser(ours.baseURL, 'ttfb');
    const direct: number[] = [];
    const through: number[] = [];
    let cpu = 0;
    for (let i = 0; i < TTFB_WARM_UP; i += 1) {
      await directFirstToken(upstream.baseURL);
      await timedTurn(ours.baseURL, access, 'stream', '预热');
    }
    for (let i = 0; i < TTFB_ROUNDS; i += 1) {
      direct.push(await directFirstToken(upstream.baseURL));
      const before = cpuMs(ours.pid);
      through.push((await timedTurn(ours.baseURL, access, 'stream', `第 ${i} 轮`)).firstText);
      cpu += cpuMs(ours.pid) - before;
    }
    const d = sorted(direct);
    const t = sorted(through);
    return [
      ['chat: first token direct from a local OpenAI-compatible server p50', ms(quantile(d, 0.5))],
      [
        'chat: first token through our server p50 / p95',
        `${ms(quantile(t, 0.5))} / ${ms(quantile(t, 0.95))}`,
      ],
      ['chat: server overhead on first token p50 (budget < 10 ms)', ms(quantile(t, 0.5) - quantile(d, 0.5))],
      ['chat: server CPU per whole turn (auth, credits, storage, relay)', ms(cpu / TTFB_ROUNDS)],
    ] as const;
  } finally {
    await ours.stop();
    upstream.stop();
  }
}

export async function chatServerBench(server: {
  baseURL: string;
  pid?: number;
}): Promise<Array<readonly [string, string]>> {
  const rows: Array<readonly [string, string]> = [];
  rows.push(...(await simultaneousHealth(server)));
  rows.push(...(await concurrentOffline(server)));
  rows.push(...(await simultaneousWarm(server)));
  rows.push(...(await turnsWithinASecond(server)));
  rows.push(...(await firstTokenOverhead()));
  return rows;
}
