import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, inject, test } from 'vitest';

/**
 * What goes over the wire, read byte for byte with node:http (fetch would undo the encoding unseen): the
 * built files come compressed as the browser asks, and API JSON too, while an answer's event stream is
 * never compressed, so each event still arrives as it is sent.
 */

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const varies = (raw: Raw) => String(raw.headers.vary ?? '').toLowerCase();

test('a built script comes as brotli or gzip, as asked, with its caching, and unpacks to the same bytes', async () => {
  const baseURL = inject('baseURL');
  const page = await get(`${baseURL}/login`, { accept: 'text/html', 'accept-encoding': 'identity' });
  const script = page.body.toString('utf8').match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
  expect(script, 'the entry script in index.html').toBeDefined();
  const plain = await get(`${baseURL}${script}`, { 'accept-encoding': 'identity' });
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(varies(plain)).toContain('accept-encoding');

  for (const [encoding, unpack] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const packed = await get(`${baseURL}${script}`, { 'accept-encoding': encoding });
    expect(packed.status, encoding).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(varies(packed)).toContain('accept-encoding');
    expect(packed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The security headers stay on every answer.
    expect(packed.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(packed.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    expect(packed.body.length).toBeLessThan(plain.body.length / 2);
    expect(unpack(packed.body).equals(plain.body), `${encoding} unpacks to the file`).toBe(true);
  }
  // A browser that accepts both gets brotli, the smaller; the copies are not addresses of their own.
  expect(
    (await get(`${baseURL}${script}`, { 'accept-encoding': 'gzip, deflate, br' })).headers[
      'content-encoding'
    ],
  ).toBe('br');
  expect((await get(`${baseURL}${script}.br`, { 'accept-encoding': 'identity' })).status).toBe(404);
  // The page itself too, revalidated on each visit.
  const html = await get(`${baseURL}/`, { accept: 'text/html', 'accept-encoding': 'br' });
  expect(html.headers['content-encoding']).toBe('br');
  expect(html.headers['cache-control']).toBe('no-cache');
  expect(brotliDecompressSync(html.body).toString('utf8')).toContain('<div id="root">');
});

test('API JSON over the threshold comes compressed, small answers plain, and an answer still streams', async () => {
  const baseURL = inject('baseURL');
  // The OpenAPI document: public, and far over 1 KiB.
  const schema = await get(`${baseURL}/api/schema/`, { 'accept-encoding': 'gzip, br' });
  expect(schema.status).toBe(200);
  expect(schema.headers['content-encoding']).toBe('br');
  expect(varies(schema)).toContain('accept-encoding');
  expect(schema.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(brotliDecompressSync(schema.body).toString('utf8'))).toHaveProperty('paths');
  const gzipped = await get(`${baseURL}/api/schema/`, { 'accept-encoding': 'gzip' });
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toHaveProperty('paths');
  const health = await get(`${baseURL}/api/health/`, { 'accept-encoding': 'gzip, br' });
  expect(health.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(health.body.toString('utf8'))).toHaveProperty('status');

  const email = `compress-${Date.now()}@example.com`;
  const password = 'wanxiang-e2e-2026';
  const json = { 'content-type': 'application/json' };
  expect(
    (await get(`${baseURL}/api/auth/register/`, json, 'POST', JSON.stringify({ email, password }))).status,
  ).toBe(201);
  const login = await get(`${baseURL}/api/auth/login/`, json, 'POST', JSON.stringify({ email, password }));
  const { access } = JSON.parse(login.body.toString('utf8')) as { access: string };

  // The offline model's answer, read as it arrives: the first event comes while the answer goes on.
  const events: Array<{ at: number; text: string }> = [];
  const streamed = await new Promise<Raw>((resolve, reject) => {
    const req = request(
      `${baseURL}/api/chat/turns/create-turn/`,
      {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${access}`, 'accept-encoding': 'gzip, deflate, br' },
      },
      (res) => {
        res.on('data', (chunk: Buffer) =>
          events.push({ at: performance.now(), text: chunk.toString('utf8') }),
        );
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ model_id: 'offline-demo', prompt: { text: '请写一段较长的回答，说明压缩。' } }));
  });
  expect(streamed.status).toBe(200);
  expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
  expect(streamed.headers['content-encoding']).toBeUndefined();
  // Plain text, event by event: the first chunk already reads as an event, and more chunks follow it.
  expect(events[0]?.text).toMatch(/^(?:data|event|:|id)/);
  expect(events.length).toBeGreaterThan(2);
  expect(events.map((e) => e.text).join('')).toContain('[DONE]');
});
