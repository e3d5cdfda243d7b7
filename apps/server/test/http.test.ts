import { request } from 'node:http';
import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { contentSecurityPolicy } from '../src/http/security';
import { databaseKinds, json, listen, tempDir, testConfig, useApps, useTestDatabase } from './helpers';

describe.each(databaseKinds)('HTTP foundation on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('answers /api/health with the version and a database ping', async () => {
    const server = await app();
    for (const url of ['/api/health', '/api/health/']) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'ok',
        version: expect.any(String),
        database: { kind, ok: true },
      });
      expect(res.json().database.latency_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('reports 503 when the database is down', async () => {
    const broken = { ...db().database, ping: () => Promise.reject(new Error('connection refused')) };
    const server = await buildApp(await testConfig(), { database: broken });
    try {
      const res = await server.inject({ method: 'GET', url: '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'error',
        database: { ok: false, detail: '数据库不可用。' },
      });
    } finally {
      await server.close();
    }
  });

  it('serves an OpenAPI document built from the route schemas', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/api/schema/' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health/',
        '/api/auth/register/',
        '/api/auth/login/',
        '/api/auth/token/refresh/',
        '/api/auth/logout/',
        '/api/auth/users/me/',
      ]),
    );
    expect(Object.keys(doc.paths)).not.toContain('/api/schema/');
    const login = doc.paths['/api/auth/login/'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(doc.paths['/api/auth/users/me/'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('sends security headers with a same-origin CSP on pages and API answers', async () => {
    const server = await app();
    for (const res of [
      await server.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
      await server.inject({ method: 'GET', url: '/api/health/' }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      for (const [directive, sources] of Object.entries(contentSecurityPolicy)) {
        expect(csp).toContain(`${directive} ${sources.join(' ')}`);
      }
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('leaves the document-only headers off what a page fetches as a script, style, font or image, never off a page or a worker', async () => {
    const server = await app();
    const as = (dest: string, url = '/') =>
      server.inject({ method: 'GET', url, headers: { accept: 'text/html', 'sec-fetch-dest': dest } });
    for (const dest of ['script', 'style', 'font', 'image']) {
      const res = await as(dest);
      for (const header of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'strict-transport-security',
        'x-frame-options',
        'x-xss-protection',
      ])
        expect(res.headers[header], `${dest}: ${header}`).toBeUndefined();
      // What acts on the file itself still goes.
      expect(res.headers['x-content-type-options'], dest).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], dest).toBe('same-origin');
      expect(res.headers['referrer-policy'], dest).toBe('strict-origin-when-cross-origin');
    }
    for (const dest of ['document', 'iframe', 'worker', 'sharedworker', 'serviceworker', 'empty']) {
      const res = await as(dest);
      expect(res.headers['content-security-policy'], dest).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], dest).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], dest).toContain('max-age=');
    }
  });

  it('keeps a harmless caller request id and replaces anything else', async () => {
    const server = await app();
    const kept = await server.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-request-id': 'edge-42' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-42');
    const replaced = await server.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('forbids caching of API answers', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the SPA with history fallback and the right caching', async () => {
    const server = await app();
    for (const url of ['/', '/home', '/document/local-doc-1?x=1', '/stock']) {
      const res = await server.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await server.inject({ method: 'GET', url: '/assets/index-Bx3f9K2a.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await server.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const head = await server.inject({ method: 'HEAD', url: '/login', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
  });

  it('answers unknown /api paths and non-page requests with a JSON 404', async () => {
    const server = await app();
    for (const [method, url, accept] of [
      ['GET', '/api/nope/', 'text/html'],
      ['GET', '/api', 'text/html'],
      ['POST', '/api/auth/nope/', 'application/json'],
      ['DELETE', '/api/health/', 'application/json'],
      ['GET', '/assets/missing-abc.js', '*/*'],
      ['POST', '/home', 'text/html'],
    ] as const) {
      const res = await server.inject({ method, url, headers: { accept } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: '未找到' });
    }
  });

  it('never serves files outside the build or from /api through the static handler', async () => {
    const server = await app();
    const traversal = await server.inject({
      method: 'GET',
      url: '/..%2f..%2fetc%2fpasswd',
      headers: { accept: '*/*' },
    });
    expect(traversal.statusCode).toBe(404);
    expect(traversal.body).not.toContain('root:');
  });

  it('says the web app is missing instead of failing when it has not been built', async () => {
    const { dir, remove } = await tempDir('wx-empty-web-');
    const server = await buildApp(await testConfig({ WEB_DIST_DIR: dir }), { database: db().database });
    try {
      const page = await server.inject({ method: 'GET', url: '/home', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('前端页面尚未构建');
      const api = await server.inject({ method: 'GET', url: '/api/nope/' });
      expect(api.json()).toEqual({ detail: '未找到' });
    } finally {
      await server.close();
      await remove();
    }
  });

  it('refuses oversized bodies with 413 and a Chinese detail over a real socket', async () => {
    const server = await app({ BODY_LIMIT: '16kb' });
    const base = await listen(server);
    const res = await fetch(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(64 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: '请求体过大，上限为 16 KB。' });
    // The server is still healthy afterwards.
    expect((await fetch(`${base}/api/health/`)).status).toBe(200);
  });

  it('answers what Node or Fastify refuse before a route runs in Chinese JSON, not their English', async () => {
    const server = await app();
    const base = await listen(server);
    for (const [name, init, url] of [
      ['a header over the size limit', { headers: { 'x-big': 'a'.repeat(20_000) } }, '/api/health/'],
      ['a URL over the size limit', {}, `/api/health/?q=${'a'.repeat(100_000)}`],
    ] as const) {
      const res = await fetch(`${base}${url}`, init);
      expect(res.status, name).toBe(431);
      expect(res.headers.get('content-type'), name).toContain('application/json');
      expect(await res.json(), name).toEqual({ detail: '请求头过大。' });
    }
    const garbage = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toContain('{"detail":"请求无效。"}');

    const badUrl = await server.inject({ method: 'GET', url: '/api/chat/sessions/%E0%A4%A/' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ detail: '请求地址无效。' });
    expect((await fetch(`${base}/api/health/`)).status).toBe(200);
  });

  it('refuses an anonymous request to a signed-in route before reading its body', async () => {
    const server = await app();
    const base = new URL(await listen(server));
    // Headers announcing a megabyte, and only a few bytes of it: the answer must come without the rest.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: base.hostname,
          port: base.port,
          method: 'POST',
          path: '/api/chat/turns/create-turn/',
          headers: { 'content-type': 'application/json', 'content-length': String(1024 * 1024) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => {
            // The rest of the body will never come: the client gives up, as the server already did.
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', (error) => {
        if (!req.destroyed) reject(error);
      });
      req.write('{"model_id":');
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'not_authenticated' });
  });

  it('turns malformed requests into clear 4xx answers', async () => {
    const server = await app();
    const cases: Array<[string, InjectOptions, number, unknown]> = [
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/api/auth/login/',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        },
        400,
        { detail: '请求体不是有效的 JSON。' },
      ],
      [
        'empty JSON body',
        {
          method: 'POST',
          url: '/api/auth/login/',
          headers: { 'content-type': 'application/json' },
          payload: '',
        },
        400,
        { detail: '请求体不能为空：Content-Type 为 application/json 时需要提供 JSON 内容。' },
      ],
      [
        'unsupported media type',
        {
          method: 'POST',
          url: '/api/auth/login/',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
        415,
        { detail: '不支持的媒体类型“application/xml”，请使用 application/json。' },
      ],
      [
        'no body at all',
        { method: 'POST', url: '/api/auth/login/' },
        400,
        { non_field_errors: ['无效的数据，应为 JSON 对象。'] },
      ],
      [
        'a JSON array',
        { method: 'POST', url: '/api/auth/login/', ...json([1, 2]) },
        400,
        { non_field_errors: ['无效的数据，应为 JSON 对象。'] },
      ],
      [
        'prototype pollution',
        {
          method: 'POST',
          url: '/api/auth/login/',
          headers: { 'content-type': 'application/json' },
          payload: '{"__proto__":{"admin":true},"email":"a@b.cn","password":"x"}',
        },
        400,
        undefined,
      ],
    ];
    for (const [name, request, status, body] of cases) {
      const res = await server.inject(request);
      expect(res.statusCode, name).toBe(status);
      if (body !== undefined) expect(res.json(), name).toEqual(body);
      else expect(res.json().detail, name).toEqual(expect.any(String));
    }
  });
  it('answers every auth endpoint’s bad input with a 4xx and a Chinese explanation, never a 500', async () => {
    const server = await app({ BODY_LIMIT: '8kb' });
    const endpoints = [
      '/api/auth/register/',
      '/api/auth/login/',
      '/api/auth/token/refresh/',
      '/api/auth/logout/',
    ];
    const bodies: Array<[string, InjectOptions['headers'], string | undefined]> = [
      ['malformed JSON', { 'content-type': 'application/json' }, '{"email": "a@b.cn",'],
      ['empty JSON', { 'content-type': 'application/json' }, ''],
      ['no body', {}, undefined],
      ['an array', { 'content-type': 'application/json' }, '[]'],
      ['a string', { 'content-type': 'application/json' }, '"hello"'],
      ['null', { 'content-type': 'application/json' }, 'null'],
      [
        'wrong types',
        { 'content-type': 'application/json' },
        '{"email":1,"password":{},"refresh":[],"remember_me":"no"}',
      ],
      ['missing fields', { 'content-type': 'application/json' }, '{}'],
      ['huge body', { 'content-type': 'application/json' }, JSON.stringify({ email: 'x'.repeat(20_000) })],
      [
        'deep nesting',
        { 'content-type': 'application/json' },
        `{"email":${'['.repeat(3000)}${']'.repeat(3000)}}`,
      ],
      ['form encoded', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=a&password=b'],
      ['text', { 'content-type': 'text/plain' }, 'email=a'],
    ];
    for (const url of endpoints) {
      for (const [name, headers, payload] of bodies) {
        const res = await server.inject({
          method: 'POST',
          url,
          ...(headers ? { headers } : {}),
          ...(payload === undefined ? {} : { payload }),
        });
        const label = `${url} ${name}`;
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        const body = res.json();
        const text = [
          body.detail,
          ...(body.non_field_errors ?? []),
          ...Object.values(body.errors ?? {}).flat(),
        ].join('');
        expect(text, label).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});
