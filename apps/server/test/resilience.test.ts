/**
 * What one bad request can do to the next ones. A NUL byte in a sign-in e-mail once failed inside the
 * embedded database and left its one session holding named statements the next connection did not know
 * of: every signed-in route answered 500 for everyone until a restart. Here: such text is refused at the
 * edge, field by field, on every route; a database error at any statement of any route leaves every route
 * working; the health check runs the statement a signed-in request runs.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { rateCounters, streamSlots } from '../src/db/schema';
import { setRole } from '../src/modules/account/batches';
import {
  isDayComplete,
  isTradingDay,
  previousTradingDay,
  shanghaiClock,
} from '../src/modules/market/calendar';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { finalOf, ledgerState, PASSWORD, parseStream } from './chat-support';
import { faults } from './faults';
import { contentOf, databaseKinds, listen, useApps, useTestDatabase } from './helpers';
import { pngBomb } from './hostile-files';

const SLUG = 'daily_board_hitting_strategy';
// One answer at a time: a slot a failed turn left held would refuse every turn after it.
// A short first-token timeout: a turn a fault left `streaming` is then known dead (follow.ts) after seconds,
// not the default minute, when the walk follows the session's answer.
const ENV = {
  // A mail server that is never there: 忘记密码's routes exist and answer; the mail itself fails in the
  // background, as it would with the real one down.
  SMTP_URL: 'smtp://127.0.0.1:9',
  SMTP_FROM: 'noreply@wanxiang.test',
  PUBLIC_URL: 'http://127.0.0.1/',
  OFFLINE_MODEL_CHUNK_DELAY: '0',
  RATE_LIMIT_MAX: '1000000',
  MAX_CONCURRENT_STREAMS: '1',
  MODEL_FIRST_TOKEN_TIMEOUT: '10s',
};
const NUL_MESSAGE = '不能包含空字符（U+0000）。';

interface Answer {
  status: number;
  text: string;
}

/** One request of a route, as a client sends it; `ok` says whether its answer is the route's success. */
interface RouteCase {
  name: string;
  /** The route in the OpenAPI document this case covers, as `METHOD /api/path/`. */
  route: string;
  /** What the request needs first (a fresh token, a session to delete), outside any fault. */
  prepare?: () => Promise<Record<string, string>>;
  send(input: Record<string, string>): Promise<Answer>;
  ok(answer: Answer): boolean;
  /**
   * False for a route whose work goes on after its answer (the reset mail): a fault there cannot be
   * pinned to one request, so the statement-by-statement walk skips it (its own tests cover its failures);
   * it is still called before and after every other route's faults.
   */
  walk?: false;
}

/** A complete 16×16 PNG, the smallest avatar the server takes. */
const AVATAR_PNG = Buffer.from(pngBomb(16));

function client(base: string) {
  return async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    return { status: response.status, text: await response.text() };
  };
}

/** Uploads AVATAR_PNG as the avatar of the user of `token`, its bytes as the body like the settings page. */
async function putAvatar(base: string, token: string): Promise<Answer> {
  const response = await fetch(`${base}/api/auth/users/me/avatar/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: AVATAR_PNG,
  });
  return { status: response.status, text: await response.text() };
}

/** A turn with one small text file, sent as multipart like the chat sends it. */
async function sendWithFile(base: string, access: string, prompt: string): Promise<{ answer: Answer }> {
  const form = new FormData();
  form.append('data', JSON.stringify({ model_id: OFFLINE_MODEL_ID, prompt: { text: prompt } }));
  form.append('files', new File(['attached notes\n'], 'notes.txt', { type: 'text/plain' }));
  const response = await fetch(`${base}/api/chat/turns/create-turn/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  return { answer: { status: response.status, text: await response.text() } };
}

/** A turn's stream ended with its answer stored and settled, and no error frame. */
function turnCompleted(answer: Answer): boolean {
  if (answer.status !== 200) return false;
  const events = parseStream(answer.text);
  return !events.some((event) => event.type === 'error') && finalOf(events).status === 'complete';
}

describe.each(databaseKinds)('one request cannot harm the next on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  afterEach(() => faults.disarm());

  async function start() {
    const server = await app(ENV);
    const base = await listen(server);
    const call = client(base);
    let users = 0;
    const email = () => {
      users += 1;
      return `user${users}-${process.pid}@example.com`;
    };
    const account = email();
    expect(
      (await call('POST', '/api/auth/register/', { body: { email: account, password: PASSWORD } })).status,
    ).toBe(201);
    const signIn = async () => {
      const answer = await call('POST', '/api/auth/login/', { body: { email: account, password: PASSWORD } });
      expect(answer.status).toBe(200);
      return JSON.parse(answer.text) as { access: string; refresh: string };
    };
    const { access } = await signIn();
    // The main account is also an admin, so that the admin routes are walked like the others.
    expect(await setRole(db().database.db, account, 'admin')).toBe(true);
    const newSession = async () => {
      const answer = await call('POST', '/api/chat/turns/create-turn/', {
        token: access,
        body: { model_id: OFFLINE_MODEL_ID, prompt: { text: '你好' } },
      });
      expect(turnCompleted(answer)).toBe(true);
      return finalOf(parseStream(answer.text)).session_id as string;
    };
    const kept = await newSession();
    const newUserToken = async () => {
      const other = email();
      expect(
        (await call('POST', '/api/auth/register/', { body: { email: other, password: PASSWORD } })).status,
      ).toBe(201);
      const answer = await call('POST', '/api/auth/login/', { body: { email: other, password: PASSWORD } });
      return (JSON.parse(answer.text) as { access: string }).access;
    };
    /** A user of their own, signed in twice (two devices), for the routes that end sign-ins or the account. */
    const newUser = async () => {
      const other = email();
      expect(
        (await call('POST', '/api/auth/register/', { body: { email: other, password: PASSWORD } })).status,
      ).toBe(201);
      const signInOther = async () =>
        JSON.parse(
          (await call('POST', '/api/auth/login/', { body: { email: other, password: PASSWORD } })).text,
        ) as {
          access: string;
        };
      const first = await signInOther();
      const second = await signInOther();
      return { email: other, token: first.access, otherToken: second.access };
    };
    /** The registration policy in force, as the admin reads it. */
    const policyNow = async () =>
      JSON.parse((await call('GET', '/api/admin/registration/', { token: access })).text) as {
        source: 'console' | 'environment';
        signup_credits: number;
        per_ip_per_day: number;
      };
    /** A name no other call of the walk has used. */
    const fresh = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
    /** Adds a provider or a model to the catalog, outside any fault. */
    const addToCatalog = async (what: 'providers' | 'models', body: Record<string, unknown>) =>
      expect((await call('POST', `/api/admin/${what}/`, { token: access, body })).status).toBe(200);
    /**
     * Removes what earlier calls of the walk added under `prefix`: the catalog has a ceiling, and the walk
     * calls a route once per statement it faults.
     */
    const sweepCatalog = async (what: 'providers' | 'models', prefix: string) => {
      const catalog = JSON.parse((await call('GET', '/api/admin/models/', { token: access })).text) as Record<
        'providers' | 'models',
        { id: string }[]
      >;
      for (const { id } of catalog[what].filter((entry) => entry.id.startsWith(prefix)))
        expect((await call('DELETE', `/api/admin/${what}/${id}/`, { token: access })).status).toBe(200);
    };
    const userIdOf = async (token: string) =>
      (JSON.parse((await call('GET', '/api/auth/users/me/', { token })).text) as { id: string }).id;
    const sessionsOf = async (token: string) =>
      (
        JSON.parse((await call('GET', '/api/auth/sessions/', { token })).text) as {
          sessions: { id: string; current: boolean }[];
        }
      ).sessions;
    // The minute emotion and the live feed are a strategy subscriber's: one user buys the plan once.
    const subscriber = await newUserToken();
    const buy = (token: string) =>
      call('POST', `/api/v1/strategy/strategies/${SLUG}/subscription/`, {
        token,
        body: { plan: 'board_monthly', request_id: randomUUID() },
      });
    expect((await buy(subscriber)).status).toBe(201);
    const is = (status: number) => (answer: Answer) => answer.status === status;
    const documentBody = (text: string) => ({
      title: '季度总结',
      content: contentOf(text),
    });
    const newDocument = async () => {
      const answer = await call('POST', '/api/docs/', { token: access, body: documentBody('第一稿') });
      expect(answer.status).toBe(201);
      const created = JSON.parse(answer.text) as { id: string; version: number };
      return { id: created.id, version: String(created.version) };
    };
    const keptDocument = (await newDocument()).id;
    /** The assistant's stream ended with its answer settled, and no error frame. */
    const answered = (answer: Answer) =>
      answer.status === 200 &&
      !answer.text.includes('"type":"error"') &&
      answer.text.includes('"type":"doc_complete"') &&
      answer.text.includes('"status":"complete"');
    const question = {
      model_id: OFFLINE_MODEL_ID,
      user_input: '总结一下',
      document_markdown: '# 季度总结\n\n第一稿',
    };

    // The preference saves made so far: each save of the walk stores a value the one before did not.
    let preferenceSaves = 0;
    const cases: RouteCase[] = [
      {
        name: 'health',
        route: 'GET /api/health/',
        send: () => call('GET', '/api/health/'),
        ok: is(200),
      },
      {
        name: 'register',
        route: 'POST /api/auth/register/',
        send: () => call('POST', '/api/auth/register/', { body: { email: email(), password: PASSWORD } }),
        ok: is(201),
      },
      {
        name: 'registration policy',
        route: 'GET /api/auth/registration-policy/',
        send: () => call('GET', '/api/auth/registration-policy/'),
        ok: is(200),
      },
      {
        name: 'login',
        route: 'POST /api/auth/login/',
        send: () => call('POST', '/api/auth/login/', { body: { email: account, password: PASSWORD } }),
        ok: is(200),
      },
      {
        name: 'refresh',
        route: 'POST /api/auth/token/refresh/',
        prepare: async () => ({ refresh: (await signIn()).refresh }),
        send: ({ refresh }) => call('POST', '/api/auth/token/refresh/', { body: { refresh } }),
        ok: is(200),
      },
      {
        name: 'logout',
        route: 'POST /api/auth/logout/',
        prepare: async () => ({ refresh: (await signIn()).refresh }),
        send: ({ refresh }) => call('POST', '/api/auth/logout/', { body: { refresh } }),
        ok: (answer) => answer.status === 200 || answer.status === 204,
      },
      {
        name: 'me',
        route: 'GET /api/auth/users/me/',
        send: () => call('GET', '/api/auth/users/me/', { token: access }),
        ok: is(200),
      },
      {
        name: 'storage',
        route: 'GET /api/storage/',
        send: () => call('GET', '/api/storage/', { token: access }),
        ok: is(200),
      },
      {
        name: 'models',
        route: 'GET /api/models/',
        send: () => call('GET', '/api/models/', { token: access }),
        ok: is(200),
      },
      {
        name: 'session list',
        route: 'GET /api/chat/sessions/',
        send: () => call('GET', '/api/chat/sessions/?page=1&page_size=10', { token: access }),
        ok: is(200),
      },
      {
        name: 'session detail',
        route: 'GET /api/chat/sessions/{id}/',
        send: () => call('GET', `/api/chat/sessions/${kept}/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'session search',
        route: 'GET /api/chat/sessions/',
        send: () => call('GET', `/api/chat/sessions/?q=${encodeURIComponent('你')}`, { token: access }),
        ok: is(200),
      },
      {
        name: 'session rename and pin',
        route: 'PATCH /api/chat/sessions/{id}/',
        send: () =>
          call('PATCH', `/api/chat/sessions/${kept}/`, {
            token: access,
            body: { title: '改过的名字', pinned: true },
          }),
        ok: is(200),
      },
      {
        name: 'session version select',
        route: 'POST /api/chat/sessions/{id}/select-version/',
        prepare: async () => {
          const detail = await call('GET', `/api/chat/sessions/${kept}/`, { token: access });
          const history = (JSON.parse(detail.text) as { history: { id: string }[] }).history;
          return { id: history.at(-1)?.id ?? '' };
        },
        send: ({ id }) =>
          call('POST', `/api/chat/sessions/${kept}/select-version/`, {
            token: access,
            body: { message_id: id },
          }),
        ok: is(200),
      },
      {
        name: 'live answer follow',
        route: 'GET /api/chat/sessions/{id}/live/',
        // Nothing is being generated: the stream ends at once.
        send: () => call('GET', `/api/chat/sessions/${kept}/live/`, { token: access }),
        ok: (answer: Answer) => answer.status === 200 && answer.text.includes('[DONE]'),
      },
      {
        name: 'answer stop',
        route: 'POST /api/chat/sessions/{id}/stop/',
        send: () => call('POST', `/api/chat/sessions/${kept}/stop/`, { token: access }),
        ok: is(204),
      },
      {
        name: 'session delete',
        route: 'DELETE /api/chat/sessions/{id}/',
        prepare: async () => ({ id: await newSession() }),
        send: ({ id }) => call('DELETE', `/api/chat/sessions/${id}/`, { token: access }),
        ok: is(204),
      },
      {
        name: 'turn in a new session',
        route: 'POST /api/chat/turns/create-turn/',
        send: () =>
          call('POST', '/api/chat/turns/create-turn/', {
            token: access,
            body: { model_id: OFFLINE_MODEL_ID, prompt: { text: '新的问题' } },
          }),
        ok: turnCompleted,
      },
      {
        name: 'turn in a kept session',
        route: 'POST /api/chat/turns/create-turn/',
        send: () =>
          call('POST', '/api/chat/turns/create-turn/', {
            token: access,
            body: { session_id: kept, model_id: OFFLINE_MODEL_ID, prompt: { text: '接着说' } },
          }),
        ok: turnCompleted,
      },
      {
        name: 'turn with files',
        route: 'POST /api/chat/turns/create-turn/',
        send: () => sendWithFile(base, access, '附件里写了什么？').then(({ answer }) => answer),
        ok: turnCompleted,
      },
      {
        name: 'attachment download',
        route: 'GET /api/chat/files/{id}/',
        prepare: async () => {
          const { answer } = await sendWithFile(base, access, '存一个文件');
          expect(turnCompleted(answer)).toBe(true);
          const sessionId = finalOf(parseStream(answer.text)).session_id as string;
          const detail = await call('GET', `/api/chat/sessions/${sessionId}/`, { token: access });
          const history = (
            JSON.parse(detail.text) as { history: { content: { files?: { url: string }[] } }[] }
          ).history;
          return { url: history[0]?.content.files?.[0]?.url ?? '' };
        },
        send: ({ url }) => call('GET', `/api${url}`, { token: access }),
        ok: (answer) => answer.status === 200 && answer.text === 'attached notes\n',
      },
      {
        name: 'daily emotion series',
        route: 'GET /api/v1/market/daily-series/',
        // The first visit backfills the archive; the case measures a visit that reads it.
        prepare: async () => {
          expect((await call('GET', '/api/v1/market/daily-series/', { token: access })).status).toBe(200);
          return {};
        },
        send: () => call('GET', '/api/v1/market/daily-series/', { token: access }),
        ok: is(200),
      },
      {
        name: 'minute emotion series',
        route: 'GET /api/v1/market/minute-series/',
        prepare: async () => {
          expect((await call('GET', '/api/v1/market/daily-series/', { token: access })).status).toBe(200);
          return { date: lastCompleteTradingDay() };
        },
        send: ({ date }) =>
          call('GET', `/api/v1/market/minute-series/?trade_date=${date}`, { token: subscriber }),
        ok: is(200),
      },
      {
        name: 'strategy nodes of a day',
        route: 'GET /api/v1/strategy/nodes/today/',
        send: () =>
          call('GET', '/api/v1/strategy/nodes/today/?slug=daily_board_hitting_strategy', {
            token: subscriber,
          }),
        ok: is(200),
      },
      {
        name: 'recent strategy reports',
        route: 'GET /api/v1/strategy/reports/recent/',
        // The first visit backfills the reports; the case measures a visit that reads them.
        prepare: async () => {
          expect((await call('GET', '/api/v1/strategy/reports/recent/', { token: access })).status).toBe(200);
          return {};
        },
        send: () => call('GET', '/api/v1/strategy/reports/recent/?limit=5', { token: access }),
        ok: is(200),
      },
      {
        name: 'strategy schedule',
        route: 'GET /api/v1/strategy/schedule/',
        send: () => call('GET', '/api/v1/strategy/schedule/', { token: access }),
        ok: is(200),
      },
      {
        name: 'subscription status',
        route: 'GET /api/v1/strategy/strategies/{slug}/subscription/',
        send: () => call('GET', `/api/v1/strategy/strategies/${SLUG}/subscription/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'strategy plans',
        route: 'GET /api/v1/strategy/plans/',
        send: () => call('GET', '/api/v1/strategy/plans/', { token: access }),
        ok: is(200),
      },
      {
        name: 'subscribe with credits',
        route: 'POST /api/v1/strategy/strategies/{slug}/subscription/',
        // A user of their own each time, with the default plan's credits to pay with.
        prepare: async () => ({ token: await newUserToken() }),
        send: ({ token }) => buy(token as string),
        ok: is(201),
      },
      {
        name: 'document list',
        route: 'GET /api/docs/',
        send: () => call('GET', '/api/docs/', { token: access }),
        ok: is(200),
      },
      {
        name: 'document create',
        route: 'POST /api/docs/',
        send: () => call('POST', '/api/docs/', { token: access, body: documentBody('新文档') }),
        ok: is(201),
      },
      {
        name: 'document read',
        route: 'GET /api/docs/{id}/',
        send: () => call('GET', `/api/docs/${keptDocument}/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'document save',
        route: 'PUT /api/docs/{id}/',
        prepare: newDocument,
        send: ({ id, version }) =>
          call('PUT', `/api/docs/${id}/`, {
            token: access,
            body: { ...documentBody('第二稿'), base_version: Number(version) },
          }),
        ok: is(200),
      },
      {
        name: 'document delete',
        route: 'DELETE /api/docs/{id}/',
        prepare: newDocument,
        send: ({ id }) => call('DELETE', `/api/docs/${id}/`, { token: access }),
        ok: (answer) => answer.status === 200 || answer.status === 204,
      },
      {
        name: 'cloud document export',
        route: 'POST /api/docs/{id}/export',
        send: () =>
          call('POST', `/api/docs/${keptDocument}/export`, { token: access, body: { format: 'md' } }),
        ok: (answer) => answer.status === 201 && answer.text.includes('"download_url"'),
      },
      {
        name: 'transient export',
        route: 'POST /api/exports/transient',
        send: () =>
          call('POST', '/api/exports/transient', {
            token: access,
            body: { format: 'md', html: '<h1>季度总结</h1><p>第一稿</p>' },
          }),
        ok: (answer) => answer.status === 201 && answer.text.includes('"download_url"'),
      },
      {
        name: 'export download',
        route: 'GET /api/exports/{id}',
        prepare: async () => {
          const made = await call('POST', `/api/docs/${keptDocument}/export`, {
            token: access,
            body: { format: 'md' },
          });
          expect(made.status).toBe(201);
          return { url: (JSON.parse(made.text) as { download_url: string }).download_url };
        },
        send: ({ url }) => call('GET', url as string, { token: access }),
        ok: (answer) => answer.status === 200 && answer.text.includes('第一稿'),
      },
      {
        name: 'assistant on a cloud document',
        route: 'POST /api/docs/{docId}/assistant/',
        send: () =>
          call('POST', `/api/docs/${keptDocument}/assistant/`, {
            token: access,
            body: { ...question, context_enabled: true, context_turns: 5 },
          }),
        ok: answered,
      },
      {
        name: 'assistant history of a cloud document',
        route: 'GET /api/docs/{docId}/assistant/history',
        send: () => call('GET', `/api/docs/${keptDocument}/assistant/history`, { token: access }),
        ok: (answer) => answer.status === 200 && Array.isArray(JSON.parse(answer.text).items),
      },
      {
        name: 'profile',
        route: 'PATCH /api/auth/users/me/',
        send: () => call('PATCH', '/api/auth/users/me/', { token: access, body: { nickname: '韧性测试' } }),
        ok: is(200),
      },
      {
        name: 'editor preferences',
        route: 'GET /api/auth/users/me/preferences/',
        send: () => call('GET', '/api/auth/users/me/preferences/', { token: access }),
        ok: (answer) => answer.status === 200 && typeof JSON.parse(answer.text).autosave === 'boolean',
      },
      {
        name: 'save editor preferences',
        route: 'PATCH /api/auth/users/me/preferences/',
        // Every call changes the stored value: a size of its own, autosave flipped.
        send: () => {
          preferenceSaves += 1;
          return call('PATCH', '/api/auth/users/me/preferences/', {
            token: access,
            body: { font_size_px: 12 + (preferenceSaves % 40), autosave: preferenceSaves % 2 === 0 },
          });
        },
        ok: (answer) =>
          answer.status === 200 && JSON.parse(answer.text).font_size_px === 12 + (preferenceSaves % 40),
      },
      {
        name: 'sign-ins',
        route: 'GET /api/auth/sessions/',
        send: () => call('GET', '/api/auth/sessions/', { token: access }),
        ok: (answer) => answer.status === 200 && JSON.parse(answer.text).sessions.length > 0,
      },
      {
        name: 'end one sign-in',
        route: 'DELETE /api/auth/sessions/{id}/',
        prepare: async () => {
          const user = await newUser();
          const other = (await sessionsOf(user.token)).find((session) => !session.current);
          return { token: user.token, id: other?.id };
        },
        send: ({ token, id }) => call('DELETE', `/api/auth/sessions/${id}/`, { token }),
        ok: is(200),
      },
      {
        name: 'end the other sign-ins',
        route: 'POST /api/auth/sessions/end-all/',
        prepare: async () => ({ token: (await newUser()).token }),
        send: ({ token }) =>
          call('POST', '/api/auth/sessions/end-all/', { token, body: { keep_current: true } }),
        ok: (answer) => answer.status === 200 && JSON.parse(answer.text).ended === 1,
      },
      {
        name: 'password change',
        route: 'POST /api/auth/password/',
        prepare: async () => ({ token: (await newUser()).token }),
        send: ({ token }) =>
          call('POST', '/api/auth/password/', {
            token,
            body: { old_password: PASSWORD, new_password: 'another long secret' },
          }),
        ok: is(200),
      },
      {
        name: 'account deletion',
        route: 'POST /api/auth/users/me/delete/',
        prepare: async () => ({ token: (await newUser()).token }),
        send: ({ token }) =>
          call('POST', '/api/auth/users/me/delete/', { token, body: { password: PASSWORD } }),
        ok: is(200),
      },
      {
        name: 'credit ledger',
        route: 'GET /api/account/ledger/',
        send: () => call('GET', '/api/account/ledger/', { token: access }),
        ok: (answer) => answer.status === 200 && JSON.parse(answer.text).results.length > 0,
      },
      {
        name: 'credit usage',
        route: 'GET /api/account/usage/',
        send: () => call('GET', '/api/account/usage/?days=30', { token: access }),
        ok: is(200),
      },
      {
        name: 'redeem a code',
        route: 'POST /api/account/redeem/',
        // A user of their own each time: redeem attempts are limited per user.
        prepare: async () => {
          const made = await call('POST', '/api/admin/redeem-batches/', {
            token: access,
            body: { value: 50, count: 1, note: '韧性' },
          });
          expect(made.status).toBe(201);
          return {
            token: (await newUser()).token,
            code: (JSON.parse(made.text) as { codes: string[] }).codes[0],
          };
        },
        send: ({ token, code }) => call('POST', '/api/account/redeem/', { token, body: { code } }),
        ok: is(200),
      },
      {
        name: 'make a redeem batch',
        route: 'POST /api/admin/redeem-batches/',
        send: () =>
          call('POST', '/api/admin/redeem-batches/', {
            token: access,
            body: { value: 10, count: 2, note: '批次' },
          }),
        ok: is(201),
      },
      {
        name: 'redeem batches',
        route: 'GET /api/admin/redeem-batches/',
        send: () => call('GET', '/api/admin/redeem-batches/', { token: access }),
        ok: is(200),
      },
      {
        name: 'redeem batch as CSV',
        route: 'GET /api/admin/redeem-batches/{id}/export/',
        prepare: async () => {
          const made = await call('POST', '/api/admin/redeem-batches/', {
            token: access,
            body: { value: 10, count: 1 },
          });
          return { id: (JSON.parse(made.text) as { batch: { id: string } }).batch.id };
        },
        send: ({ id }) => call('GET', `/api/admin/redeem-batches/${id}/export/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'stop a redeem batch',
        route: 'POST /api/admin/redeem-batches/{id}/revoke/',
        prepare: async () => {
          const made = await call('POST', '/api/admin/redeem-batches/', {
            token: access,
            body: { value: 10, count: 1 },
          });
          return { id: (JSON.parse(made.text) as { batch: { id: string } }).batch.id };
        },
        send: ({ id }) => call('POST', `/api/admin/redeem-batches/${id}/revoke/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: usage',
        route: 'GET /api/admin/usage/',
        send: () => call('GET', '/api/admin/usage/?tz=Asia/Shanghai', { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: usage as CSV',
        route: 'GET /api/admin/usage/export/',
        send: () => call('GET', '/api/admin/usage/export/', { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: invitation codes',
        route: 'GET /api/admin/invites/',
        send: () => call('GET', '/api/admin/invites/', { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: make invitation codes',
        route: 'POST /api/admin/invites/',
        send: () => call('POST', '/api/admin/invites/', { token: access, body: { count: 2, note: '测试' } }),
        ok: is(201),
      },
      {
        name: 'admin: stop an invitation code',
        route: 'POST /api/admin/invites/{id}/revoke/',
        prepare: async () => {
          const made = await call('POST', '/api/admin/invites/', { token: access, body: { count: 1 } });
          return { id: (JSON.parse(made.text) as { results: { id: string }[] }).results[0]?.id ?? '' };
        },
        send: ({ id }) => call('POST', `/api/admin/invites/${id}/revoke/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'limit-up ladder',
        route: 'GET /api/v1/market/ladder/',
        send: () => call('GET', '/api/v1/market/ladder/', { token: access }),
        ok: is(200),
      },
      {
        name: 'themes',
        route: 'GET /api/v1/market/themes/',
        send: () => call('GET', '/api/v1/market/themes/', { token: access }),
        ok: is(200),
      },
      {
        name: 'one stock',
        route: 'GET /api/v1/market/stocks/{code}/',
        send: () => call('GET', '/api/v1/market/stocks/MZ0001/', { token: access }),
        ok: is(200),
      },
      {
        name: 'watchlist',
        route: 'GET /api/v1/market/watchlist/',
        send: () => call('GET', '/api/v1/market/watchlist/', { token: access }),
        ok: is(200),
      },
      {
        name: 'add to the watchlist',
        route: 'POST /api/v1/market/watchlist/',
        prepare: async () => ({ token: (await newUser()).token }),
        send: ({ token }) => call('POST', '/api/v1/market/watchlist/', { token, body: { code: 'MZ0001' } }),
        ok: (answer) => answer.status === 200 || answer.status === 201,
      },
      {
        name: 'remove from the watchlist',
        route: 'DELETE /api/v1/market/watchlist/{code}/',
        prepare: async () => {
          const { token } = await newUser();
          const added = await call('POST', '/api/v1/market/watchlist/', { token, body: { code: 'MZ0001' } });
          expect(added.status).toBeLessThan(300);
          return { token };
        },
        send: ({ token }) => call('DELETE', '/api/v1/market/watchlist/MZ0001/', { token }),
        ok: (answer) => answer.status === 200 || answer.status === 204,
      },
      {
        name: 'track record',
        route: 'GET /api/v1/strategy/track-record/',
        send: () => call('GET', '/api/v1/strategy/track-record/?window=20', { token: access }),
        ok: is(200),
      },
      {
        name: 'assistant on any document',
        route: 'POST /api/assistant/transient',
        send: () => call('POST', '/api/assistant/transient', { token: access, body: question }),
        ok: answered,
      },
      {
        name: 'admin: find users',
        route: 'GET /api/admin/users/',
        send: () => call('GET', '/api/admin/users/?q=user&limit=5', { token: access }),
        ok: (answer) => answer.status === 200 && JSON.parse(answer.text).count > 0,
      },
      {
        name: 'admin: one user',
        route: 'GET /api/admin/users/{id}/',
        prepare: async () => ({ id: await userIdOf((await newUser()).token) }),
        send: ({ id }) => call('GET', `/api/admin/users/${id}/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: a user’s ledger',
        route: 'GET /api/admin/users/{id}/ledger/',
        prepare: async () => ({ id: await userIdOf((await newUser()).token) }),
        send: ({ id }) => call('GET', `/api/admin/users/${id}/ledger/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: a user’s usage',
        route: 'GET /api/admin/users/{id}/usage/',
        prepare: async () => ({ id: await userIdOf((await newUser()).token) }),
        send: ({ id }) => call('GET', `/api/admin/users/${id}/usage/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: grant credits with a reason',
        route: 'POST /api/admin/users/{id}/credits/',
        prepare: async () => ({ id: await userIdOf((await newUser()).token) }),
        send: ({ id }) =>
          call('POST', `/api/admin/users/${id}/credits/`, {
            token: access,
            body: { delta: 10, reason: '韧性测试补偿' },
          }),
        ok: is(200),
      },
      {
        name: 'admin: disable a user',
        route: 'POST /api/admin/users/{id}/status/',
        prepare: async () => ({ id: await userIdOf((await newUser()).token) }),
        send: ({ id }) =>
          call('POST', `/api/admin/users/${id}/status/`, { token: access, body: { active: false } }),
        ok: is(200),
      },
      {
        name: 'admin: make an admin',
        route: 'POST /api/admin/users/{id}/role/',
        prepare: async () => ({ id: await userIdOf((await newUser()).token) }),
        send: ({ id }) =>
          call('POST', `/api/admin/users/${id}/role/`, { token: access, body: { role: 'admin' } }),
        ok: is(200),
      },
      {
        name: 'admin: plans',
        route: 'GET /api/admin/plans/',
        send: () => call('GET', '/api/admin/plans/', { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: make a plan',
        route: 'POST /api/admin/plans/',
        // Each plan has a name of its own: the walk makes one per statement it faults.
        prepare: async () => ({ id: `套餐${Math.random().toString(36).slice(2, 10)}` }),
        send: ({ id }) =>
          call('POST', '/api/admin/plans/', {
            token: access,
            body: { name: id, monthly_credits: 100, grant_day: 3 },
          }),
        ok: is(201),
      },
      {
        name: 'admin: change a plan',
        route: 'PATCH /api/admin/plans/{id}/',
        // A new grant each time, so that every call changes the plan and writes its audit row.
        prepare: async () => {
          const plans = JSON.parse((await call('GET', '/api/admin/plans/', { token: access })).text) as {
            results: { id: number; monthly_credits: number }[];
          };
          const plan = plans.results[0];
          return { id: String(plan?.id ?? 0), credits: String((plan?.monthly_credits ?? 0) + 1) };
        },
        send: ({ id, credits }) =>
          call('PATCH', `/api/admin/plans/${id}/`, {
            token: access,
            body: { monthly_credits: Number(credits), grant_day: 2 },
          }),
        ok: is(200),
      },
      {
        name: 'admin: move a user to a plan',
        route: 'POST /api/admin/users/{id}/plan/',
        prepare: async () => {
          const plans = JSON.parse((await call('GET', '/api/admin/plans/', { token: access })).text) as {
            results: { id: number }[];
          };
          return { id: await userIdOf((await newUser()).token), plan: String(plans.results.at(-1)?.id ?? 0) };
        },
        send: ({ id, plan }) =>
          call('POST', `/api/admin/users/${id}/plan/`, { token: access, body: { plan_id: Number(plan) } }),
        ok: is(200),
      },
      {
        name: 'admin: registration policy',
        route: 'GET /api/admin/registration/',
        send: () => call('GET', '/api/admin/registration/', { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: set the registration policy',
        route: 'PUT /api/admin/registration/',
        // Registration stays open with its credits (the walk keeps making accounts); a new per-address cap
        // each time, so that every call changes the policy and writes its audit row.
        prepare: async () => {
          // Saved from the console once first, so that every call the walk counts takes the same path.
          let policy = await policyNow();
          if (policy.source === 'environment') {
            await call('PUT', '/api/admin/registration/', {
              token: access,
              body: { mode: 'open', signup_credits: policy.signup_credits, per_ip_per_day: 999_999 },
            });
            policy = await policyNow();
          }
          return { credits: String(policy.signup_credits), cap: String(policy.per_ip_per_day - 1) };
        },
        send: ({ credits, cap }) =>
          call('PUT', '/api/admin/registration/', {
            token: access,
            body: { mode: 'open', signup_credits: Number(credits), per_ip_per_day: Number(cap) },
          }),
        ok: is(200),
      },
      {
        name: 'admin: give the registration policy back to the environment',
        route: 'DELETE /api/admin/registration/',
        prepare: async () => {
          const policy = await policyNow();
          const body = { mode: 'open', signup_credits: policy.signup_credits, per_ip_per_day: 999_999 };
          expect((await call('PUT', '/api/admin/registration/', { token: access, body })).status).toBe(200);
          return {};
        },
        send: () => call('DELETE', '/api/admin/registration/', { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: the model catalog',
        route: 'GET /api/admin/models/',
        send: () => call('GET', '/api/admin/models/', { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: add a model',
        route: 'POST /api/admin/models/',
        prepare: async () => {
          await sweepCatalog('models', 'walk-model');
          return { id: fresh('walk-model') };
        },
        send: ({ id }) =>
          call('POST', '/api/admin/models/', {
            token: access,
            body: { id, provider_id: 'offline', name: '走查模型', enabled: false },
          }),
        ok: is(200),
      },
      {
        name: 'admin: change a model',
        route: 'PATCH /api/admin/models/{id}/',
        // One model of its own, a new price each time: every call changes it and writes its audit row.
        prepare: async () => {
          await sweepCatalog('models', 'walk-priced');
          const id = fresh('walk-priced');
          await addToCatalog('models', { id, provider_id: 'offline', name: '改价模型', enabled: false });
          return { id };
        },
        send: ({ id }) =>
          call('PATCH', `/api/admin/models/${id}/`, {
            token: access,
            body: { input_price_credits: Math.floor(Math.random() * 1000) + 1 },
          }),
        ok: is(200),
      },
      {
        name: 'admin: delete a model',
        route: 'DELETE /api/admin/models/{id}/',
        prepare: async () => {
          await sweepCatalog('models', 'walk-gone');
          const id = fresh('walk-gone');
          await addToCatalog('models', { id, provider_id: 'offline', name: '待删模型', enabled: false });
          return { id };
        },
        send: ({ id }) => call('DELETE', `/api/admin/models/${id}/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: add a provider',
        route: 'POST /api/admin/providers/',
        prepare: async () => {
          await sweepCatalog('providers', 'walk-provider');
          return { id: fresh('walk-provider') };
        },
        send: ({ id }) =>
          call('POST', '/api/admin/providers/', {
            token: access,
            body: {
              id,
              type: 'openai-compatible',
              base_url: 'http://127.0.0.1:9/v1',
              api_key: 'sk-walk-0000',
            },
          }),
        ok: is(200),
      },
      {
        name: 'admin: change a provider',
        route: 'PATCH /api/admin/providers/{id}/',
        prepare: async () => {
          await sweepCatalog('providers', 'walk-moved');
          const id = fresh('walk-moved');
          await addToCatalog('providers', { id, type: 'openai-compatible' });
          return { id };
        },
        send: ({ id }) =>
          call('PATCH', `/api/admin/providers/${id}/`, {
            token: access,
            body: { base_url: `http://127.0.0.1:9/${fresh('v')}`, api_key: 'sk-walk-1111' },
          }),
        ok: is(200),
      },
      {
        name: 'admin: delete a provider',
        route: 'DELETE /api/admin/providers/{id}/',
        prepare: async () => {
          await sweepCatalog('providers', 'walk-dropped');
          const id = fresh('walk-dropped');
          await addToCatalog('providers', { id, type: 'openai' });
          return { id };
        },
        send: ({ id }) => call('DELETE', `/api/admin/providers/${id}/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'upload an avatar',
        route: 'PUT /api/auth/users/me/avatar/',
        send: () => putAvatar(base, access),
        ok: is(200),
      },
      {
        name: 'an avatar image',
        route: 'GET /api/avatars/{userId}/{id}',
        prepare: async () => {
          const { token } = await newUser();
          const uploaded = await putAvatar(base, token);
          return { url: (JSON.parse(uploaded.text) as { avatar_url: string }).avatar_url };
        },
        send: ({ url }) => call('GET', String(url)),
        ok: is(200),
      },
      {
        name: 'remove the avatar',
        route: 'DELETE /api/auth/users/me/avatar/',
        prepare: async () => {
          const { token } = await newUser();
          expect((await putAvatar(base, token)).status).toBe(200);
          return { token };
        },
        send: ({ token }) => call('DELETE', '/api/auth/users/me/avatar/', { token }),
        ok: is(200),
      },
      {
        name: 'ask for a reset link',
        route: 'POST /api/auth/password-reset/',
        send: () => call('POST', '/api/auth/password-reset/', { body: { email: email() } }),
        ok: is(200),
        walk: false,
      },
      {
        name: 'reset with a link that is not one',
        route: 'POST /api/auth/password-reset/confirm/',
        send: () =>
          call('POST', '/api/auth/password-reset/confirm/', {
            body: { token: 'x'.repeat(43), new_password: 'another-password-2026' },
          }),
        ok: is(400),
      },
      {
        name: 'document versions',
        route: 'GET /api/docs/{id}/versions/',
        prepare: newDocument,
        send: ({ id }) => call('GET', `/api/docs/${id}/versions/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'one document version',
        route: 'GET /api/docs/{id}/versions/{version}/',
        prepare: newDocument,
        send: ({ id, version }) => call('GET', `/api/docs/${id}/versions/${version}/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'name a document version',
        route: 'PATCH /api/docs/{id}/versions/{version}/',
        prepare: newDocument,
        send: ({ id, version }) =>
          call('PATCH', `/api/docs/${id}/versions/${version}/`, { token: access, body: { name: '定稿' } }),
        ok: is(200),
      },
      {
        name: 'restore a document version',
        route: 'POST /api/docs/{id}/versions/{version}/restore/',
        prepare: newDocument,
        send: ({ id, version }) =>
          call('POST', `/api/docs/${id}/versions/${version}/restore/`, { token: access }),
        ok: is(200),
      },
      {
        name: 'admin: audit log',
        route: 'GET /api/admin/audit/',
        send: () => call('GET', '/api/admin/audit/', { token: access }),
        ok: is(200),
      },
    ];
    return { server, call, access, cases };
  }

  async function expectWorks(routeCase: RouteCase, context: string) {
    const input = (await routeCase.prepare?.()) ?? {};
    const answer = await routeCase.send(input);
    expect(
      routeCase.ok(answer),
      `${routeCase.name} ${context}: ${answer.status} ${answer.text.slice(0, 300)}`,
    ).toBe(true);
  }

  it('covers every route of the API in these checks', async () => {
    const { server, cases } = await start();
    expect(cases.map((routeCase) => routeCase.route).sort()).toEqual(
      expect.arrayContaining(await apiRoutes(server)),
    );
  });

  // Every statement of every route, each fault followed by that route and a signed-in read; every route
  // once more at the end (a state the faults left behind would break it). Linear in the statements, so
  // that a new route adds its own statements only.
  it('recovers from a database error at any statement of any route: that route and every other work next', async () => {
    const { cases } = await start();
    const me = cases.find((routeCase) => routeCase.name === 'me') as RouteCase;
    for (const routeCase of cases) {
      if (routeCase.walk === false) continue;
      const input = (await routeCase.prepare?.()) ?? {};
      const before = faults.statements;
      await expectWorks({ ...routeCase, prepare: async () => input }, 'without a fault');
      const statements = faults.statements - before;
      expect(statements, routeCase.name).toBeGreaterThan(0);
      for (let at = 0; at < statements; at += 1) {
        const faultInput = (await routeCase.prepare?.()) ?? {};
        faults.arm({ skip: at });
        const failed = await routeCase.send(faultInput);
        faults.disarm();
        // The statement did fail, and the client heard of it in Chinese, never as a half answer.
        expect(faults.fired, `${routeCase.name}, statement ${at + 1}`).toBe(1);
        expect(failed.text).not.toContain('injected-fault-value');
        await expectWorks(routeCase, `after a fault at statement ${at + 1}`);
        await expectWorks(me, `after a fault at statement ${at + 1} of ${routeCase.name}`);
      }
    }
    for (const routeCase of cases) await expectWorks(routeCase, 'after the faults of every route');
    // Sign-ins that failed on the server's side were not counted as wrong passwords, and no turn that
    // failed left its stream slot held.
    const [failures] = await db()
      .database.db.select({ n: sql<number>`coalesce(sum(${rateCounters.hits}), 0)::int` })
      .from(rateCounters)
      .where(sql`${rateCounters.key} like 'login-%'`);
    expect(failures?.n).toBe(0);
    const [held] = await db()
      .database.db.select({ n: sql<number>`count(*)::int` })
      .from(sql`${streamSlots}, jsonb_each(${streamSlots.leases}) e`)
      .where(sql`(e.value)::float8 > extract(epoch from now())`);
    expect(held?.n).toBe(0);
    // A walk over every statement of every route: minutes on a busy machine.
  }, 300_000);

  it('refuses text PostgreSQL cannot store in every string field of every route, naming the field', async () => {
    const { server, call, access, cases } = await start();
    const doc = (await server.inject({ method: 'GET', url: '/api/schema/' })).json() as OpenApi;
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        const fields = [
          ...(body ? stringFields(body).map((field) => ({ in: 'body', field })) : []),
          ...(operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query' || parameter.in === 'path')
            .map((parameter) => ({ in: parameter.in, field: [parameter.name] })),
        ];
        // The path's other parameters hold values of their type, so that only the NUL is wrong.
        const placed = (except: string) =>
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'path' && parameter.name !== except)
            .reduce(
              (url, parameter) =>
                url.replace(`{${parameter.name}}`, parameter.schema?.format === 'uuid' ? randomUUID() : '1'),
              path,
            );
        for (const target of fields) {
          const name = target.field.join('.');
          let url = placed(target.in === 'path' ? name : '');
          let payload: unknown;
          if (target.in === 'body') payload = withValue({}, target.field, 'a\u0000b');
          else if (target.in === 'query') url = `${url}?${name}=a%00b`;
          else url = url.replace(`{${name}}`, 'a%00b');
          const answer = await call(method.toUpperCase(), url, { token: access, body: payload });
          expect(answer.status, `${method} ${path} ${name}: ${answer.text}`).toBe(400);
          expect(JSON.parse(answer.text), `${method} ${path} ${name}`).toEqual({
            errors: { [name]: [NUL_MESSAGE] },
          });
          checked += 1;
        }
      }
    }
    // e-mail, password and nickname of registration, and the rest: the document was really walked.
    expect(checked).toBeGreaterThanOrEqual(10);
    // The sign-in of the report, and a NUL deep inside a body or in a key, are refused the same way.
    expect(
      JSON.parse(
        (await call('POST', '/api/auth/login/', { body: { email: 'a\u0000@t.test', password: 'x' } })).text,
      ),
    ).toEqual({ errors: { email: [NUL_MESSAGE] } });
    const nested = await call('POST', '/api/chat/turns/create-turn/', {
      token: access,
      body: { model_id: OFFLINE_MODEL_ID, prompt: { text: 'ok', 'k\u0000': 1 }, extra: [['x', 'y\u0000']] },
    });
    expect(JSON.parse(nested.text)).toEqual({
      errors: { 'prompt.k\u0000': [NUL_MESSAGE], 'extra.0.1': [NUL_MESSAGE] },
    });
    // Nothing reached the database: every route still works.
    for (const routeCase of cases) await expectWorks(routeCase, 'after the NUL requests');
    // Every string field of every route, one request each: more than the default 30 s on a loaded machine.
  }, 180_000);

  it('reports unhealthy while the database cannot run the statement of a signed-in request', async () => {
    const { call, access } = await start();
    // Named statements fail, `select 1` still answers: users are locked out, so the check must say so.
    faults.arm({ times: Number.POSITIVE_INFINITY, only: (config) => Boolean(config.name) });
    expect((await call('GET', '/api/auth/users/me/', { token: access })).status).toBe(500);
    const down = await call('GET', '/api/health/');
    expect(down.status).toBe(503);
    expect(JSON.parse(down.text)).toMatchObject({ status: 'error', database: { ok: false } });
    faults.disarm();
    expect((await call('GET', '/api/health/')).status).toBe(200);
    expect((await call('GET', '/api/auth/users/me/', { token: access })).status).toBe(200);
  });

  it('charges nothing for a turn whose answer could not be stored, and gives its whole hold back', async () => {
    const { server, access } = await start();
    const database = db().database.db;
    const me = JSON.parse(
      (
        await server.inject({
          method: 'GET',
          url: '/api/auth/users/me/',
          headers: { authorization: `Bearer ${access}` },
        })
      ).body,
    ) as { id: string };
    const before = await ledgerState(database, me.id);
    // The sign-in check with the user's request count (one statement), the model catalog's revision, the
    // models of the user's plan, the stream slot and the hold pass; the statement storing the turn's rows
    // fails.
    faults.arm({ skip: 5 });
    const answer = await server.inject({
      method: 'POST',
      url: '/api/chat/turns/create-turn/',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ model_id: OFFLINE_MODEL_ID, prompt: { text: '这一轮存不下来' } }),
    });
    faults.disarm();
    const events = parseStream(answer.body);
    expect(events.some((event) => event.type === 'error')).toBe(true);
    expect(finalOf(events).credits_charged).toBe(0);
    expect(await ledgerState(database, me.id)).toMatchObject({
      balance: before.balance,
      ledgerSum: before.balance,
    });
  });
});

/** The last trading day whose session has ended: its minute series is read from the archive. */
function lastCompleteTradingDay(): string {
  const now = new Date();
  const today = shanghaiClock(now).date;
  return isTradingDay(today) && isDayComplete(today, now) ? today : (previousTradingDay(today) as string);
}

interface OpenApiSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, OpenApiSchema>;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
        parameters?: { name: string; in: string; schema?: OpenApiSchema }[];
      }
    >
  >;
}

/** Every `METHOD /api/path/` the API serves, from its OpenAPI document. */
async function apiRoutes(server: FastifyInstance): Promise<string[]> {
  const doc = (await server.inject({ method: 'GET', url: '/api/schema/' })).json() as OpenApi;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Paths of the string fields of a JSON schema, nested objects included. */
function stringFields(schema: OpenApiSchema, prefix: string[] = []): string[][] {
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const fields: string[][] = [];
  if (variants.some((variant) => variant.type === 'string' || variant.type?.includes('string')))
    fields.push(prefix);
  for (const variant of variants)
    for (const [key, property] of Object.entries(variant.properties ?? {}))
      fields.push(...stringFields(property, [...prefix, key]));
  return fields;
}

function withValue(target: Record<string, unknown>, path: string[], value: string): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return target;
  target[head] = rest.length === 0 ? value : withValue({}, rest, value);
  return target;
}
