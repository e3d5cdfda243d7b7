import type { LedgerEntry, LedgerPage } from '@wanxiang/api-client/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { setRole } from '../src/modules/account/batches';
import { normalizeRedeemCode } from '../src/modules/account/codes';
import { REDEEM_LIMITS } from '../src/modules/account/routes';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { finalOf, ledgerState, sendTurn, signUp } from './chat-support';
import {
  createPostgresDatabase,
  databaseKinds,
  json,
  listen,
  testConfig,
  useApps,
  useTestDatabase,
} from './helpers';

const FAST = { OFFLINE_MODEL_CHUNK_DELAY: '0', RATE_LIMIT_MAX: '100000' };
/** The offline model at one credit per answer token: a small balance cuts its answer short. */
const DEAR_MODEL = JSON.stringify({
  providers: [
    {
      id: 'offline',
      type: 'offline',
      models: [
        {
          id: OFFLINE_MODEL_ID,
          name: '离线演示模型',
          input_price_credits: 1,
          output_price_credits: 1000,
        },
      ],
    },
  ],
});

const auth = (access: string) => ({ authorization: `Bearer ${access}` });
/** A JSON body with the caller's token. */
const signed = (access: string, body: unknown) => {
  const request = json(body);
  return { ...request, headers: { ...request.headers, ...auth(access) } };
};

async function ledger(server: FastifyInstance, access: string, query = ''): Promise<LedgerPage> {
  const response = await server.inject({
    method: 'GET',
    url: `/api/account/ledger/${query}`,
    headers: auth(access),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every row of the ledger, page by page. */
async function wholeLedger(server: FastifyInstance, access: string, limit: number) {
  const rows: LedgerEntry[] = [];
  let page = await ledger(server, access, `?limit=${limit}`);
  const balance = page.balance;
  rows.push(...page.results);
  while (page.next_cursor) {
    page = await ledger(server, access, `?limit=${limit}&cursor=${page.next_cursor}`);
    rows.push(...page.results);
  }
  return { balance, rows };
}

async function makeAdmin(server: FastifyInstance, database: Database['db']) {
  const admin = await signUp(server, database);
  expect(await setRole(database, admin.email, 'admin')).toBe(true);
  return admin;
}

async function newBatch(
  server: FastifyInstance,
  access: string,
  body: Record<string, unknown>,
): Promise<{ batch: { id: string }; codes: string[] }> {
  const response = await server.inject({
    method: 'POST',
    url: '/api/admin/redeem-batches/',
    ...signed(access, body),
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const redeem = (server: FastifyInstance, access: string, code: string) =>
  server.inject({ method: 'POST', url: '/api/account/redeem/', ...signed(access, { code }) });

describe.each(databaseKinds)('accounts on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('writes what each chat turn paid for, pages the ledger newest first, and its rows sum to the balance', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const { access, userId } = await signUp(server, database, 5000);
    const base = await listen(server);
    // Simultaneous turns: their holds and refunds interleave; the ledger must still add up.
    const turns = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        sendTurn(base, access, { model_id: OFFLINE_MODEL_ID, prompt: { text: `第${i}个问题` } }),
      ),
    );
    const finals = turns.map((turn) => finalOf(turn.events));
    const { balance, rows } = await wholeLedger(server, access, 3);
    expect(rows.map((row) => Number(row.id))).toEqual(
      [...rows.map((row) => Number(row.id))].sort((a, b) => b - a),
    );
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(balance);
    expect(balance).toBe((await ledgerState(database, userId)).balance);
    expect(balance).toBe(5000 - finals.reduce((sum, final) => sum + (final.credits_charged ?? 0), 0));

    const chats = rows.filter((row) => row.kind === 'chat');
    expect(chats).toHaveLength(4);
    for (const final of finals) {
      const hold = chats.find((row) => row.target?.id === final.session_id);
      expect(hold).toMatchObject({
        model: '离线演示模型',
        tokens_in: final.usage?.input_tokens,
        tokens_out: final.usage?.output_tokens,
        target: { type: 'conversation', id: final.session_id },
      });
      const refund = rows.find((row) => row.kind === 'refund' && row.target?.id === final.session_id);
      // What the turn cost is its hold less its refund.
      expect(-(hold?.delta ?? 0) - (refund?.delta ?? 0)).toBe(final.credits_charged);
    }

    const usage = await server.inject({
      method: 'GET',
      url: '/api/account/usage/?days=30',
      headers: auth(access),
    });
    expect(usage.statusCode).toBe(200);
    const report = usage.json() as {
      time_zone: string;
      days: {
        date: string;
        models: { model: string | null; credits: number; tokens_in: number; tokens_out: number }[];
      }[];
    };
    expect(report.time_zone).toBe('Asia/Shanghai');
    expect(report.days).toHaveLength(30);
    const today = report.days.at(-1);
    expect(today?.models).toEqual([
      {
        model: '离线演示模型',
        credits: 5000 - balance,
        tokens_in: finals.reduce((sum, final) => sum + (final.usage?.input_tokens ?? 0), 0),
        tokens_out: finals.reduce((sum, final) => sum + (final.usage?.output_tokens ?? 0), 0),
      },
    ]);
    expect(report.days.slice(0, -1).every((day) => day.models.length === 0)).toBe(true);
  });

  it('bounds the ledger page and the usage range, and refuses anonymous callers', async () => {
    const server = await app(FAST);
    const { access } = await signUp(server, db().database.db, 10);
    for (const url of [
      '/api/account/ledger/?limit=0',
      '/api/account/ledger/?limit=101',
      '/api/account/ledger/?cursor=abc',
      '/api/account/usage/?days=0',
      '/api/account/usage/?days=91',
      '/api/account/usage/?tz=Mars/Olympus',
    ]) {
      expect((await server.inject({ method: 'GET', url, headers: auth(access) })).statusCode, url).toBe(400);
    }
    expect((await server.inject({ method: 'GET', url: '/api/account/ledger/' })).statusCode).toBe(401);
    const page = await ledger(server, access);
    expect(page).toMatchObject({ balance: 10, next_cursor: null });
    expect(page.results.map((row) => row.kind)).toEqual(['adjustment', 'grant']);
  });

  it('says when an answer was cut short because the balance ran out, in the stream and in the history', async () => {
    const server = await app({ ...FAST, MODELS_CONFIG_JSON: DEAR_MODEL });
    const database = db().database.db;
    const { access } = await signUp(server, database, 20);
    const base = await listen(server);
    const turn = await sendTurn(base, access, {
      model_id: OFFLINE_MODEL_ID,
      prompt: { text: '请写一篇长文章' },
    });
    const final = finalOf(turn.events);
    expect(final).toMatchObject({ status: 'complete', credits_limited: true });
    expect(final.credits_balance).toBeLessThan(20);
    const history = await server.inject({
      method: 'GET',
      url: `/api/chat/sessions/${final.session_id}/`,
      headers: auth(access),
    });
    const answer = history.json().history.find((m: { role: string }) => m.role === 'assistant');
    expect(answer.metadata.credits_limited).toBe(true);

    // A rich user's answer is whole and says nothing of the kind.
    const rich = await signUp(server, database, 1_000_000);
    const whole = finalOf(
      (
        await sendTurn(base, rich.access, {
          model_id: OFFLINE_MODEL_ID,
          prompt: { text: '你好' },
        })
      ).events,
    );
    expect(whole.credits_limited).toBeUndefined();
  });

  it('lets only admins make, list and export redeem-code batches', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const user = await signUp(server, database);
    const admin = await makeAdmin(server, database);
    const body = { value: 300, count: 3, expires_in_days: 30, note: '活动, "春季"' };
    expect(
      (await server.inject({ method: 'POST', url: '/api/admin/redeem-batches/', ...json(body) })).statusCode,
    ).toBe(401);
    const refused = await server.inject({
      method: 'POST',
      url: '/api/admin/redeem-batches/',
      ...signed(user.access, body),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('admin_required');
    for (const bad of [
      { ...body, count: 0 },
      { ...body, count: 1001 },
      { ...body, value: 0 },
    ]) {
      const response = await server.inject({
        method: 'POST',
        url: '/api/admin/redeem-batches/',
        ...signed(admin.access, bad),
      });
      expect(response.statusCode).toBe(400);
    }

    const created = await newBatch(server, admin.access, body);
    expect(created.codes).toHaveLength(3);
    for (const code of created.codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(new Set(created.codes).size).toBe(3);

    expect(await redeem(server, user.access, created.codes[0]?.toLowerCase() ?? '')).toMatchObject({
      statusCode: 200,
    });
    const list = await server.inject({
      method: 'GET',
      url: '/api/admin/redeem-batches/',
      headers: auth(admin.access),
    });
    expect(list.json().results).toEqual([
      expect.objectContaining({
        id: created.batch.id,
        value: 300,
        count: 3,
        used: 1,
        note: '活动, "春季"',
        created_by: admin.email,
      }),
    ]);
    expect(
      (await server.inject({ method: 'GET', url: '/api/admin/redeem-batches/', headers: auth(user.access) }))
        .statusCode,
    ).toBe(403);

    const csv = await server.inject({
      method: 'GET',
      url: `/api/admin/redeem-batches/${created.batch.id}/export/`,
      headers: auth(admin.access),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('兑换码,积分,状态,到期时间,使用时间,使用者');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(created.codes);
    expect(lines[1]).toContain(`,300,已使用,`);
    expect(lines[1]).toContain(user.email);
    expect(lines[2]).toContain(',300,未使用,');
    expect(
      (
        await server.inject({
          method: 'GET',
          url: `/api/admin/redeem-batches/${crypto.randomUUID()}/export/`,
          headers: auth(admin.access),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('redeems a code once, and says whether a refused code is unknown, used or expired', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const user = await signUp(server, database, 0);
    const { codes } = await newBatch(server, admin.access, { value: 500, count: 1 });
    const code = codes[0] ?? '';
    // Typed loosely: lower case, spaces for dashes, O for 0.
    const typed = code.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o');
    const ok = await redeem(server, user.access, typed);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ credited: 500, balance: 500 });
    const page = await ledger(server, user.access);
    expect(page.balance).toBe(500);
    expect(page.results[0]).toMatchObject({ kind: 'redeem', delta: 500, balance_after: 500 });

    const again = await redeem(server, user.access, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'redeem_code_used', detail: '这个兑换码已经被使用过了。' });

    const unknown = await redeem(server, user.access, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.json()).toMatchObject({ code: 'redeem_code_unknown' });
    expect((await redeem(server, user.access, 'not a code')).json()).toMatchObject({
      code: 'redeem_code_unknown',
    });

    const expiring = await newBatch(server, admin.access, { value: 50, count: 1, expires_in_days: 1 });
    await database.execute(
      `update redeem_batches set expires_at = now() - interval '1 minute' where id = '${expiring.batch.id}'`,
    );
    const expired = await redeem(server, user.access, expiring.codes[0] ?? '');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('redeem_code_expired');
    expect(expired.json().detail).toMatch(/^这个兑换码已于 .+ 过期。$/);
    expect((await ledgerState(database, user.userId)).balance).toBe(500);
    expect((await ledgerState(database, user.userId)).ledgerSum).toBe(500);
    // The console lists each batch's state as the server's clock judges it.
    const listed = await server.inject({
      method: 'GET',
      url: '/api/admin/redeem-batches/',
      headers: auth(admin.access),
    });
    const states = new Map(
      (listed.json().results as { id: string; state: string }[]).map((row) => [row.id, row.state]),
    );
    expect(states.get(expiring.batch.id)).toBe('expired');
    expect([...states.values()]).toContain('used_up');
  });

  it('stops a batch: its unused codes are refused as revoked, used ones stay credited, and the log says so once', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const user = await signUp(server, database, 0);
    const { batch, codes } = await newBatch(server, admin.access, { value: 30, count: 3, note: '泄露' });
    expect((await redeem(server, user.access, codes[0] ?? '')).statusCode).toBe(200);

    const revoke = (who: string, id = batch.id) =>
      server.inject({ method: 'POST', url: `/api/admin/redeem-batches/${id}/revoke/`, headers: auth(who) });
    expect(
      (await server.inject({ method: 'POST', url: `/api/admin/redeem-batches/${batch.id}/revoke/` }))
        .statusCode,
    ).toBe(401);
    expect((await revoke(user.access)).statusCode).toBe(403);
    const revoked = await revoke(admin.access);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: batch.id, count: 3, used: 1, note: '泄露', state: 'revoked' });
    const revokedAt = revoked.json().revoked_at as string;
    expect(Number.isNaN(Date.parse(revokedAt))).toBe(false);
    // Again: nothing changes, and the audit log keeps one row.
    expect((await revoke(admin.access)).json().revoked_at).toBe(revokedAt);
    expect((await revoke(admin.access, crypto.randomUUID())).statusCode).toBe(404);

    const refused = await redeem(server, user.access, codes[1] ?? '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'redeem_code_revoked',
      detail: '这个兑换码所在的批次已被管理员停用，不能再兑换。',
    });
    // A used code still says it was used.
    expect((await redeem(server, user.access, codes[0] ?? '')).json().code).toBe('redeem_code_used');
    expect((await ledgerState(database, user.userId)).balance).toBe(30);

    const listed = await server.inject({
      method: 'GET',
      url: '/api/admin/redeem-batches/',
      headers: auth(admin.access),
    });
    expect(listed.json().results[0]).toMatchObject({ id: batch.id, revoked_at: revokedAt, state: 'revoked' });
    const exported = await server.inject({
      method: 'GET',
      url: `/api/admin/redeem-batches/${batch.id}/export/`,
      headers: auth(admin.access),
    });
    expect(
      exported.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[2]),
    ).toEqual(expect.arrayContaining(['已使用', '已停用', '已停用']));
    const audit = await server.inject({
      method: 'GET',
      url: '/api/admin/audit/',
      headers: auth(admin.access),
    });
    const rows = (audit.json().results as { action: string; details: Record<string, unknown> }[]).filter(
      (row) => row.action === 'redeem_batch.revoke',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ value: 30, count: 3, unused: 2 });
  });

  it('limits redeem attempts per user, counted in the database', async () => {
    const server = await app(FAST);
    const { access } = await signUp(server, db().database.db);
    const statuses: number[] = [];
    for (let i = 0; i <= REDEEM_LIMITS.perUser; i += 1)
      statuses.push((await redeem(server, access, 'ZZZZ')).statusCode);
    expect(statuses.slice(0, REDEEM_LIMITS.perUser).every((status) => status === 400)).toBe(true);
    const last = await redeem(server, access, 'ZZZZ');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json().detail).toContain('兑换尝试过于频繁');
  });

  it('gives a code to one of two simultaneous requests only', async () => {
    const server = await app(FAST);
    const database = db().database.db;
    const admin = await makeAdmin(server, database);
    const alice = await signUp(server, database, 0);
    const bob = await signUp(server, database, 0);
    const { codes } = await newBatch(server, admin.access, { value: 100, count: 5 });
    for (const code of codes) {
      const answers = await Promise.all([
        redeem(server, alice.access, code),
        redeem(server, bob.access, code),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    }
    const a = await ledgerState(database, alice.userId);
    const b = await ledgerState(database, bob.userId);
    expect(a.balance + b.balance).toBe(500);
    expect(a.ledgerSum).toBe(a.balance);
    expect(b.ledgerSum).toBe(b.balance);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('redeem codes on two instances of one PostgreSQL', () => {
  const opened: Database[] = [];
  const apps: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(apps.map((server) => server.close()));
    await Promise.all(opened.map((database) => database.close()));
    await drop?.();
  });

  it('lets one instance of two redeem a code both were asked for at once', async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ kind: 'postgres', url: created.url });
      if (i === 0) await database.migrate();
      opened.push(database);
      const server = await buildApp(await testConfig(FAST), { database });
      await server.ready();
      apps.push(server);
    }
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const [first] = opened as [Database];
    const admin = await makeAdmin(one, first.db);
    const users = [await signUp(one, first.db, 0), await signUp(two, first.db, 0)];
    const { codes } = await newBatch(one, admin.access, { value: 70, count: 8 });
    const bases = [await listen(one), await listen(two)];
    for (const code of codes) {
      const answers = await Promise.all(
        users.map((user, i) =>
          fetch(`${bases[i]}/api/account/redeem/`, {
            method: 'POST',
            headers: { ...auth(user.access), 'content-type': 'application/json' },
            body: JSON.stringify({ code }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const refused = answers.find((answer) => answer.status === 400) as Response;
      expect(((await refused.json()) as { code: string }).code).toBe('redeem_code_used');
    }
    const balances = await Promise.all(users.map((user) => ledgerState(first.db, user.userId)));
    expect(balances.reduce((sum, state) => sum + state.balance, 0)).toBe(8 * 70);
    for (const state of balances) expect(state.ledgerSum).toBe(state.balance);
    expect(normalizeRedeemCode(codes[0] ?? '')).toHaveLength(20);
  });
});
