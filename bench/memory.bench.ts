/**
 * The server's resident memory at rest on the embedded database (PGlite), counted with its child processes:
 *
 * 1. after a first start on an empty data directory (the cluster is created then);
 * 2. after a restart on a data directory holding a year of a small team's use (10 users, two chats a day
 *    each of three turns, their ledger), once the users have signed in and read their history;
 * 3. at its peak while a chat turn uploads the most it may: ten files of 30 MB. They are streamed to disk;
 *    held whole, they would add 300 MB.
 */
import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeLargeCsv } from '../apps/server/test/uploads';
import { repoRoot, startServer } from '../e2e/server';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '../packages/api-client/src/contract/attachments';
import { newUser } from './chat-server.bench';

const USERS = 10;
const DAYS = 365;
const SESSIONS_PER_DAY = 2;
const TURNS_PER_SESSION = 3;

function rssKiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The resident memory of a process and all its descendants, in MiB. */
export function treeRssMiB(pid: number): number {
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.pop() as number;
    total += rssKiB(next);
    queue.push(...childrenOf(next));
  }
  return total / 1024;
}

/** The figure once the process has settled: sampled until two readings a second apart agree within 2 MiB. */
async function settledRss(pid: number): Promise<number> {
  let last = treeRssMiB(pid);
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeRssMiB(pid);
    if (Math.abs(now - last) < 2) return now;
    last = now;
  }
  return last;
}

interface EmbeddedDb {
  exec(sql: string): Promise<unknown>;
  query<Row>(sql: string): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
}

/** A year of use written straight into the stopped server's database: chats, messages and ledger rows. */
async function seedYear(pgdata: string): Promise<{ messages: number; megabytes: number }> {
  // The server's own PGlite (a dependency of apps/server, not of the repository's root).
  const fromServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
  const { PGlite } = (await import(fromServer.resolve('@electric-sql/pglite'))) as {
    PGlite: { create(dataDir: string): Promise<EmbeddedDb> };
  };
  const db = await PGlite.create(pgdata);
  try {
    await db.exec(`
      insert into chat_sessions (id, user_id, title, model_id, total_credits_used, created_at, updated_at)
      select gen_random_uuid(), u.id, '第 ' || d || ' 天的第 ' || s || ' 个对话', 'offline-demo', ${7 * TURNS_PER_SESSION},
             now() - make_interval(days => d, mins => s), now() - make_interval(days => d, mins => s)
      from users u, generate_series(1, ${DAYS}) d, generate_series(1, ${SESSIONS_PER_DAY}) s;

      insert into chat_messages (session_id, turn_id, position, role, text, status, model_id, model_name,
                                 input_tokens, output_tokens, credits_charged, created_at, updated_at)
      select cs.id, md5(cs.id::text || t)::uuid, t * 2 + k, case k when 0 then 'user' else 'assistant' end,
             case k when 0 then '请帮我整理第 ' || t || ' 个问题：' || repeat('万象工作台怎么用？', 3)
                    else repeat('这是一段较长的回答，包含分析、步骤与总结。', 30) end,
             'complete', case k when 0 then null else 'offline-demo' end, case k when 0 then null else '离线演示' end,
             case k when 0 then null else 120 end, case k when 0 then null else 480 end,
             case k when 0 then 0 else 7 end, cs.created_at + make_interval(secs => t * 60 + k),
             cs.created_at + make_interval(secs => t * 60 + k)
      from chat_sessions cs, generate_series(0, ${TURNS_PER_SESSION - 1}) t, generate_series(0, 1) k;

      -- The year's top-ups and charges cancel out, so the ledger still sums to each balance.
      insert into credit_ledger (user_id, delta, balance_after, kind, reference, note, created_at)
      select cs.user_id, -7, u.credits_balance, 'charge', 'turn:' || md5(cs.id::text || t)::uuid, '离线演示', cs.created_at
      from chat_sessions cs join users u on u.id = cs.user_id, generate_series(0, ${TURNS_PER_SESSION - 1}) t;
      insert into credit_ledger (user_id, delta, balance_after, kind, reference, note, created_at)
      select u.id, ${7 * TURNS_PER_SESSION * SESSIONS_PER_DAY * DAYS}, u.credits_balance, 'grant', 'bench:year', '一年的充值', now() - interval '366 days'
      from users u;
    `);
    const [count] = (await db.query<{ n: number }>('select count(*)::int as n from chat_messages')).rows;
    const [size] = (
      await db.query<{ mb: number }>('select pg_database_size(current_database()) / 1048576.0 as mb')
    ).rows;
    return { messages: count?.n ?? 0, megabytes: Number(size?.mb ?? 0) };
  } finally {
    await db.close();
  }
}

/** What a user's day does to the database: sign-in, the history's pages, a few chats opened. */
async function readHistory(baseURL: string, access: string) {
  const headers = { authorization: `Bearer ${access}` };
  for (let page = 1; page <= 5; page += 1) {
    const response = await fetch(`${baseURL}/api/chat/sessions/?page=${page}&page_size=10`, { headers });
    const body = (await response.json()) as { results?: { id: string }[] };
    for (const session of body.results?.slice(0, 3) ?? []) {
      await (await fetch(`${baseURL}/api/chat/sessions/${session.id}/`, { headers })).text();
    }
  }
}

/** The server's resident memory before, and at its peak during, a chat turn that attaches ten 30 MB tables. */
async function uploadPeak(pid: number, baseURL: string, access: string, dir: string) {
  const file = path.join(dir, 'upload.csv');
  await writeLargeCsv(file, MAX_ATTACHMENT_BYTES);
  const before = await settledRss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRssMiB(pid));
  }, 10);
  try {
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({ session_id: null, model_id: 'offline-demo', prompt: { text: '分析这份行情' } }),
    );
    const blob = await openAsBlob(file);
    for (let i = 1; i <= MAX_ATTACHMENTS; i += 1)
      form.append('files', new File([blob], `prices-${i}.csv`, { type: 'text/csv' }));
    const response = await fetch(`${baseURL}/api/chat/turns/create-turn/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`the upload was refused (${response.status}): ${body}`);
  } finally {
    clearInterval(sampler);
  }
  return { before, peak };
}

export async function memoryBench(): Promise<Array<readonly [string, string]>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wanxiang-memory-'));
  try {
    const first = await startServer({ NODE_ENV: 'production', DATA_DIR: dataDir });
    let firstIdle: number;
    const emails: string[] = [];
    try {
      firstIdle = await settledRss(first.pid);
      for (let i = 0; i < USERS; i += 1) emails.push(await newUser(first.baseURL, `year${i}`));
    } finally {
      await first.stop();
    }
    const seeded = await seedYear(path.join(dataDir, 'pgdata'));
    const again = await startServer({ NODE_ENV: 'production', DATA_DIR: dataDir });
    let restartIdle: number;
    let afterUse: number;
    let upload: { before: number; peak: number };
    try {
      restartIdle = await settledRss(again.pid);
      // newUser signs in again; the tokens of the first server were issued by the same data directory.
      for (const access of emails) await readHistory(again.baseURL, access);
      afterUse = await settledRss(again.pid);
      upload = await uploadPeak(again.pid, again.baseURL, emails[0] as string, dataDir);
    } finally {
      await again.stop();
    }
    return [
      [
        'memory: server RSS idle after a first start on an empty data directory (budget < 400 MiB)',
        `${firstIdle.toFixed(0)} MiB`,
      ],
      [
        `memory: server RSS idle after a restart with a year of data (${seeded.messages} messages, ${seeded.megabytes.toFixed(0)} MB) / after ${USERS} users read their history (budget < 400 MiB)`,
        `${restartIdle.toFixed(0)} MiB / ${afterUse.toFixed(0)} MiB`,
      ],
      [
        `memory: server RSS growth at its peak during a turn with ${MAX_ATTACHMENTS} files of 30 MB (held whole they would add 300 MB)`,
        `${(upload.peak - upload.before).toFixed(0)} MiB (${upload.before.toFixed(0)} → ${upload.peak.toFixed(0)} MiB)`,
      ],
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
