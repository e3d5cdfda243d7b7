/**
 * Test helpers: a fake fetch that records what the client sent and answers through a handler, and JWTs
 * with chosen claims. Used only by the *.test.ts files; not exported by the package.
 */

export interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  /** Parsed JSON for a JSON body; the body itself otherwise. */
  body: unknown;
  signal: AbortSignal | undefined;
}

export type FakeHandler = (request: SentRequest) => Response | Promise<Response>;

export interface FakeFetch {
  (input: string, init: RequestInit): Promise<Response>;
  calls: SentRequest[];
  /** The calls whose URL contains `fragment`. */
  callsTo(fragment: string): SentRequest[];
}

export function createFakeFetch(handler: FakeHandler): FakeFetch {
  const calls: SentRequest[] = [];
  const fake = (async (input: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof init.body === 'string' && headers.get('Content-Type') === 'application/json') {
      body = JSON.parse(init.body);
    }
    const request: SentRequest = {
      url: input,
      method: init.method ?? 'GET',
      headers,
      body,
      signal: init.signal ?? undefined,
    };
    calls.push(request);
    if (init.signal?.aborted) throw init.signal.reason;
    return handler(request);
  }) as FakeFetch;
  fake.calls = calls;
  fake.callsTo = (fragment) => calls.filter((call) => call.url.includes(fragment));
  return fake;
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

/** Never answers; rejects with the signal's reason when aborted, as a real fetch does. */
export function hang(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned-looking JWT with the given claims; the client never verifies signatures. */
export function makeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

/** An access token expiring `secondsLeft` from `now` (epoch ms), with a distinguishing `jti`. */
export function accessToken(now: number, secondsLeft: number, jti = 'a'): string {
  return makeJwt({ token_type: 'access', sub: 'user-1', jti, exp: Math.floor(now / 1000) + secondsLeft });
}

/** Lets every queued promise callback run (fake timers do not advance microtasks by themselves). */
export async function flush(times = 10): Promise<void> {
  for (let i = 0; i < times; i += 1) await Promise.resolve();
}
