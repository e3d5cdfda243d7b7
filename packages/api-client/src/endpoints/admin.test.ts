import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { ApiError } from '../errors';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';

function setup(handler: FakeHandler) {
  const fetch = createFakeFetch(handler);
  const storage = createMemoryStorage();
  const client = createApiClient({ fetch, storage, lock: null, autoRefresh: false });
  client.tokens.setSession({ access: accessToken(Date.now(), 600), refresh: 'r1' });
  return { fetch, client };
}

const ID = '00000000-0000-4000-8000-000000000002';
const user = {
  id: ID,
  email: 'user2@example.com',
  nickname: '李华',
  role: 'user',
  is_active: true,
  credits_balance: 74,
  created_at: '2026-11-26T12:00:00.000Z',
  last_login_at: null,
};
const detail = { ...user, plan: { id: 1, name: '免费体验版' }, active_sessions: 1 };

const environmentPolicy = {
  mode: 'invite',
  signup_credits: 1000,
  per_ip_per_day: 10,
  source: 'environment',
  updated_at: null,
  updated_by: null,
  terms_url: null,
  privacy_url: null,
};

describe('the operators’ console', () => {
  it('searches users with the trimmed query and page, reads one and its ledger, and the audit log', async () => {
    const { client, fetch } = setup((request) => {
      if (request.url.startsWith('/api/admin/users/?') || request.url === '/api/admin/users/')
        return json({ count: 1, page: 2, limit: 20, results: [user] });
      if (request.url.includes('/ledger/')) return json({ balance: 74, results: [], next_cursor: null });
      if (request.url.startsWith('/api/admin/audit/')) return json({ results: [], next_cursor: null });
      return json(detail);
    });
    expect((await client.admin.users({ q: '  李华 ', page: 2 })).results).toEqual([user]);
    await client.admin.users({ q: '   ' });
    expect(await client.admin.user(ID)).toEqual(detail);
    expect((await client.admin.userLedger(ID, { cursor: '42', limit: 10 })).balance).toBe(74);
    await client.admin.audit({ cursor: '9' });
    expect(fetch.calls.map((c) => c.url)).toEqual([
      `/api/admin/users/?q=${encodeURIComponent('李华')}&page=2`,
      '/api/admin/users/',
      `/api/admin/users/${ID}/`,
      `/api/admin/users/${ID}/ledger/?cursor=42&limit=10`,
      '/api/admin/audit/?cursor=9',
    ]);
  });

  it('posts an adjustment, a status and a role; a refusal carries the server reason and its field', async () => {
    const { client, fetch } = setup((request) => {
      const body = request.body as { delta?: number };
      if (request.url.endsWith('/credits/') && (body.delta ?? 0) < -74)
        return json(
          {
            detail: '不能扣除 100 积分：该用户当前余额只有 74 积分。',
            code: 'adjustment_exceeds_balance',
            errors: { delta: ['不能扣除 100 积分：该用户当前余额只有 74 积分。'] },
          },
          { status: 409 },
        );
      if (request.url.endsWith('/credits/'))
        return json({
          balance: 84,
          entry: {
            id: '7',
            created_at: '2026-11-28T03:00:00.000Z',
            kind: 'adjustment',
            delta: 10,
            balance_after: 84,
            model: null,
            tokens_in: null,
            tokens_out: null,
            target: null,
            note: '补偿（管理员 ops@example.com）',
          },
        });
      return json({ ...detail, is_active: false });
    });
    expect((await client.admin.adjustCredits(ID, { delta: 10, reason: '补偿' })).balance).toBe(84);
    const refused = await client.admin
      .adjustCredits(ID, { delta: -100, reason: '扣回' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect((refused as ApiError).body?.errors?.delta?.[0]).toContain('74 积分');
    expect((await client.admin.setUserActive(ID, false)).is_active).toBe(false);
    await client.admin.setUserRole(ID, 'admin');
    expect(fetch.calls.map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body)}`)).toEqual([
      `POST /api/admin/users/${ID}/credits/ {"delta":10,"reason":"补偿"}`,
      `POST /api/admin/users/${ID}/credits/ {"delta":-100,"reason":"扣回"}`,
      `POST /api/admin/users/${ID}/status/ {"active":false}`,
      `POST /api/admin/users/${ID}/role/ {"role":"admin"}`,
    ]);
  });

  it('stops a redeem batch with a bodiless POST and reads the batch it answers', async () => {
    const batch = {
      id: 'b2f1c7e0-5a0d-4c55-9d0a-3f4e2a1b9c10',
      value: 500,
      count: 200,
      used: 37,
      expires_at: null,
      note: '双十一',
      created_at: '2026-11-10T02:00:00.000Z',
      created_by: 'ops@example.com',
      revoked_at: '2026-11-28T04:00:00.000Z',
      state: 'revoked',
    };
    const { client, fetch } = setup(() => json(batch));
    expect(await client.admin.revokeRedeemBatch(batch.id)).toEqual(batch);
    expect(fetch.calls.map((c) => `${c.method} ${c.url} ${c.body ?? ''}`)).toEqual([
      `POST /api/admin/redeem-batches/${batch.id}/revoke/ `,
    ]);
  });

  it('reads the invitation codes, makes some and stops one', async () => {
    const invite = {
      id: '40',
      note: '内测群',
      uses: 0,
      max_uses: 5,
      expires_at: null,
      revoked_at: null,
      created_at: '2026-11-27T02:00:00.000Z',
      state: 'active',
    };
    const { client, fetch } = setup((request) => {
      if (request.method === 'GET') return json({ registration: environmentPolicy, results: [invite] });
      if (request.url.endsWith('/revoke/'))
        return json({ ...invite, state: 'revoked', revoked_at: '2026-11-28T04:00:00.000Z' });
      return json({ codes: ['K7QM-2222-XW9P'], results: [invite] }, { status: 201 });
    });
    expect((await client.admin.invites()).registration.mode).toBe('invite');
    expect((await client.admin.createInvites({ count: 1, uses: 5, note: '内测群' })).codes).toEqual([
      'K7QM-2222-XW9P',
    ]);
    expect((await client.admin.revokeInvite('40')).state).toBe('revoked');
    expect(fetch.calls.map((c) => `${c.method} ${c.url} ${c.body ? JSON.stringify(c.body) : ''}`)).toEqual([
      'GET /api/admin/invites/ ',
      'POST /api/admin/invites/ {"count":1,"uses":5,"note":"内测群"}',
      'POST /api/admin/invites/40/revoke/ ',
    ]);
  });

  it('reads one user’s usage over the days asked, in the zone asked', async () => {
    const report = {
      days: [
        { date: '2026-12-06', models: [{ model: 'DeepSeek', credits: 3, tokens_in: 9, tokens_out: 30 }] },
      ],
      time_zone: 'Asia/Shanghai',
    };
    const { client, fetch } = setup(() => json(report));
    const usage = await client.admin.userUsage('u 1', { days: 7, tz: 'Asia/Shanghai' });
    expect(usage.days[0]?.models[0]?.credits).toBe(3);
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/admin/users/u%201/usage/?days=7&tz=Asia%2FShanghai',
    ]);
  });

  it('reads, sets and resets the registration policy', async () => {
    const saved = {
      ...environmentPolicy,
      mode: 'closed',
      source: 'console',
      updated_at: '2026-12-06T02:00:00.000Z',
      updated_by: 'ops@example.com',
    };
    const { client, fetch } = setup((request) => json(request.method === 'PUT' ? saved : environmentPolicy));
    expect((await client.admin.registrationPolicy()).source).toBe('environment');
    const set = await client.admin.setRegistrationPolicy({
      mode: 'closed',
      signup_credits: 1000,
      per_ip_per_day: 10,
    });
    expect([set.mode, set.updated_by]).toEqual(['closed', 'ops@example.com']);
    expect((await client.admin.resetRegistrationPolicy()).mode).toBe('invite');
    expect(fetch.calls.map((c) => `${c.method} ${c.url} ${c.body ? JSON.stringify(c.body) : ''}`)).toEqual([
      'GET /api/admin/registration/ ',
      'PUT /api/admin/registration/ {"mode":"closed","signup_credits":1000,"per_ip_per_day":10}',
      'DELETE /api/admin/registration/ ',
    ]);
  });

  it('asks the usage of a range and exports it as the CSV the server wrote; a refused export says why', async () => {
    const report = {
      time_zone: 'Asia/Shanghai',
      from: '2026-11-01',
      to: '2026-11-02',
      totals: { credits: 12, tokens_in: 300, tokens_out: 900, users: 1 },
      days: [
        { date: '2026-11-01', models: [{ model: 'DeepSeek', credits: 12, tokens_in: 300, tokens_out: 900 }] },
        { date: '2026-11-02', models: [] },
      ],
      models: [{ model: 'DeepSeek', credits: 12, tokens_in: 300, tokens_out: 900 }],
      users: [
        {
          id: ID,
          email: 'user2@example.com',
          nickname: '李华',
          credits: 12,
          tokens_in: 300,
          tokens_out: 900,
        },
      ],
    };
    const csv = '\uFEFF日期,邮箱\r\n2026-11-01,user2@example.com\r\n';
    const { client, fetch } = setup((request) => {
      if (request.url.startsWith('/api/admin/usage/export/?from=2020'))
        return json(
          { detail: '这个日期范围的用量超过 100,000 行，无法一次导出。', code: 'usage_export_too_large' },
          { status: 413 },
        );
      if (request.url.startsWith('/api/admin/usage/export/'))
        return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      return json(report);
    });
    expect(await client.admin.usage({ from: '2026-11-01', to: '2026-11-02', tz: 'Asia/Shanghai' })).toEqual(
      report,
    );
    const blob = await client.admin.exportUsage({ from: '2026-11-01', to: '2026-11-02' });
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())).toBe(csv);
    const refused = await client.admin.exportUsage({ from: '2020-01-01' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(413);
    expect((refused as ApiError).detail).toContain('无法一次导出');
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/admin/usage/?from=2026-11-01&to=2026-11-02&tz=Asia%2FShanghai',
      '/api/admin/usage/export/?from=2026-11-01&to=2026-11-02',
      '/api/admin/usage/export/?from=2020-01-01',
    ]);
  });
});
