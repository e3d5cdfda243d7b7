import { request as httpRequest, type RequestOptions } from 'node:http';
import { chatStreamFrame, STREAM_DONE } from '@wanxiang/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Db } from '../src/db/client';
import { creditLedger, users } from '../src/db/schema';
import { applyCreditChange } from '../src/modules/billing/ledger';
import { json } from './helpers';

export const PASSWORD = 'correct horse battery staple';

let counter = 0;

/** Registers and signs in a fresh user; optionally sets the balance exactly (through the ledger). */
export async function signUp(app: FastifyInstance, db: Db, balance?: number) {
  counter += 1;
  const email = `chat${counter}-${process.pid}@example.com`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    ...json({ email, password: PASSWORD }),
  });
  expect(created.statusCode).toBe(201);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    ...json({ email, password: PASSWORD }),
  });
  expect(login.statusCode).toBe(200);
  const userId = (created.json() as { id: string }).id;
  if (balance !== undefined) {
    const current = (await ledgerState(db, userId)).balance;
    if (current !== balance) {
      await applyCreditChange(db, {
        userId,
        delta: balance - current,
        kind: 'adjustment',
        reference: 'test',
      });
    }
  }
  const access = (login.json() as { access: string }).access;
  return { userId, email, access, auth: { authorization: `Bearer ${access}` } };
}

export async function ledgerState(db: Db, userId: string) {
  const [row] = await db.select({ balance: users.creditsBalance }).from(users).where(eq(users.id, userId));
  const [sum] = await db
    .select({
      total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int`,
      rows: sql<number>`count(*)::int`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return { balance: row?.balance ?? Number.NaN, ledgerSum: sum?.total ?? Number.NaN, rows: sum?.rows ?? 0 };
}

type Frame = z.infer<typeof chatStreamFrame>;
export type ChatStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'image_data'; image: Extract<Frame, { type: 'image_data' }>['data'] }
  | { type: 'final_data'; data: Extract<Frame, { type: 'final_data' }>['data'] }
  | { type: 'error'; message: string; code?: string | undefined }
  | { type: 'search'; search: Extract<Frame, { type: 'search' }>['data'] }
  | { type: 'turn'; turn: Extract<Frame, { type: 'turn' }>['data'] }
  | { type: 'done' };

/**
 * The events of a whole SSE body, each frame validated against the shared contract (the client's reader
 * needs DOM types the server's build does not have). Anything after [DONE] is an error.
 */
export function parseStream(body: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  for (const block of body.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n');
    if (data === '') continue;
    if (events.at(-1)?.type === 'done') throw new Error(`data after [DONE]: ${data}`);
    if (data === STREAM_DONE) {
      events.push({ type: 'done' });
      continue;
    }
    const frame = chatStreamFrame.parse(JSON.parse(data));
    if (frame.type === 'text') events.push({ type: 'text', text: frame.data });
    else if (frame.type === 'image_data') events.push({ type: 'image_data', image: frame.data });
    else if (frame.type === 'final_data') events.push({ type: 'final_data', data: frame.data });
    else if (frame.type === 'search') events.push({ type: 'search', search: frame.data });
    else if (frame.type === 'turn') events.push({ type: 'turn', turn: frame.data });
    else events.push({ type: 'error', message: frame.data.message, code: frame.data.code });
  }
  return events;
}

/** Sends a turn over a real socket and reads the whole stream. */
export async function sendTurn(
  baseURL: string,
  access: string,
  body: Record<string, unknown>,
): Promise<{ status: number; events: ChatStreamEvent[]; response: Response; body: string }> {
  const response = await fetch(`${baseURL}/api/chat/turns/create-turn/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${access}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, events: response.ok ? parseStream(text) : [], response, body: text };
}

export const textOf = (events: ChatStreamEvent[]) =>
  events.map((event) => (event.type === 'text' ? event.text : '')).join('');

export function finalOf(events: ChatStreamEvent[]) {
  const final = events.find((event) => event.type === 'final_data');
  if (final?.type !== 'final_data') throw new Error(`no final_data in ${JSON.stringify(events)}`);
  return final.data;
}

export function errorOf(events: ChatStreamEvent[]) {
  const error = events.find((event) => event.type === 'error');
  return error?.type === 'error' ? error : undefined;
}

/**
 * Polls `check` until it holds. The deadline only ends the wait for a condition that never comes: a
 * loaded two-core machine can take seconds to get there.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A request over node:http whose event stream is kept as it arrives; `until` resolves once what has
 * arrived satisfies a condition, and `abort()` destroys the socket as a closing browser tab does. (fetch's
 * pool may leave a spare socket open after an abort, which would hold the server's close in tests.)
 */
function eventStream(url: URL, options: RequestOptions, body?: string) {
  let received = '';
  let status = 0;
  const listeners = new Set<() => void>();
  let resolveEnd!: () => void;
  const ended = new Promise<void>((resolve) => {
    resolveEnd = resolve;
  });
  const request = httpRequest(url, { agent: false, ...options }, (response) => {
    status = response.statusCode ?? 0;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      received += chunk;
      for (const listener of listeners) listener();
    });
    response.on('end', resolveEnd);
    response.on('close', resolveEnd);
  });
  request.on('error', () => resolveEnd());
  request.end(body);
  return {
    get received() {
      return received;
    },
    get status() {
      return status;
    },
    until(done: (received: string) => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (done(received)) {
            listeners.delete(check);
            resolve();
          }
        };
        listeners.add(check);
        check();
      });
    },
    abort() {
      request.destroy();
    },
    ended,
  };
}

/** Starts a turn and hands over the raw frames as they come (see eventStream). */
export function rawTurn(baseURL: string, access: string, body: Record<string, unknown>) {
  const stream = eventStream(
    new URL('/api/chat/turns/create-turn/', baseURL),
    {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    },
    JSON.stringify(body),
  );
  return Object.assign(stream, {
    /** Resolves once `count` text frames have arrived. */
    textFrames(count: number): Promise<void> {
      return stream.until((received) => received.split('"type":"text"').length > count);
    },
  });
}

/** The `turn` frame a turn's stream starts with (where its answer is kept). */
export function turnOf(received: string) {
  const first = parseStream(received.slice(0, received.indexOf('\n\n') + 2))[0];
  if (first?.type !== 'turn')
    throw new Error(`the stream did not start with its turn: ${received.slice(0, 200)}`);
  return first.turn;
}

/** Only whole frames: the last one may still be coming. */
const wholeFrames = (received: string) => parseStream(received.slice(0, received.lastIndexOf('\n\n') + 2));

/** Follows a session's live answer, as a second tab's EventSource-like fetch does (see eventStream). */
export function follow(base: string, access: string, sessionId: string) {
  const stream = eventStream(new URL(`/api/chat/sessions/${sessionId}/live/`, base), {
    method: 'GET',
    headers: { authorization: `Bearer ${access}` },
  });
  return {
    get status() {
      return stream.status;
    },
    get events(): ChatStreamEvent[] {
      return wholeFrames(stream.received);
    },
    /** Resolves once the frames received so far satisfy `done`. */
    until(done: (events: ChatStreamEvent[]) => boolean): Promise<void> {
      return stream.until((received) => done(wholeFrames(received)));
    },
    /** Resolves once the followed text has reached `length` characters. */
    textReaches(length: number): Promise<void> {
      return this.until((events) => textOf(events).length >= length);
    },
    abort: stream.abort,
    ended: stream.ended,
  };
}
