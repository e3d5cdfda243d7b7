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
});
