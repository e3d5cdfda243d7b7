import { loginResponse } from '@wanxiang/api-client/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, json, useAppsWithFiles, useTestDatabase } from './helpers';
import { pngBomb } from './hostile-files';

const PASSWORD = 'correct horse battery';

/** A WebP's container with a VP8X header of the given canvas: what image-size reads of a WebP. */
function webp(width: number, height: number, extra = 0): Buffer {
  const chunk = Buffer.alloc(18 + extra);
  chunk.write('VP8X', 0, 'latin1');
  chunk.writeUInt32LE(10 + extra, 4);
  chunk.writeUIntLE(width - 1, 12, 3);
  chunk.writeUIntLE(height - 1, 15, 3);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + chunk.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, chunk]);
}

/** A real PNG whose header then claims other dimensions. */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(pngBomb(16));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

describe.each(databaseKinds)('头像 on %s', (kind) => {
  const db = useTestDatabase(kind);
  const withFiles = useAppsWithFiles(db, 'wx-avatar-files-');
  const start = async () => (await withFiles()).app;

  async function signUp(app: FastifyInstance, email: string): Promise<string> {
    await app.inject({ method: 'POST', url: '/api/auth/register/', ...json({ email, password: PASSWORD }) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      ...json({ email, password: PASSWORD }),
    });
    return loginResponse.parse(res.json()).access;
  }

  const upload = (app: FastifyInstance, access: string, body: Buffer, type = 'image/webp') =>
    app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/avatar/',
      headers: { authorization: `Bearer ${access}`, 'content-type': type },
      payload: body,
    });
  const me = async (app: FastifyInstance, access: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/auth/users/me/',
        headers: { authorization: `Bearer ${access}` },
      })
    ).json() as {
      avatar_url: string | null;
    };

  it('is stored, named by the profile, served with caching headers, replaced and removed', async () => {
    const app = await start();
    const access = await signUp(app, 'face@example.com');
    expect((await me(app, access)).avatar_url).toBeNull();

    const image = webp(256, 256);
    const first = await upload(app, access, image);
    expect(first.statusCode, first.body).toBe(200);
    const url = (first.json() as { avatar_url: string }).avatar_url;
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    expect((await me(app, access)).avatar_url).toBe(url);

    // Public (an <img> sends no token) and cached for good: the address changes with the image.
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(image)).toBe(true);

    // A PNG sent as WebP is stored as what its bytes are.
    const second = await upload(app, access, pngBomb(256), 'image/webp');
    expect(second.statusCode, second.body).toBe(200);
    const next = (second.json() as { avatar_url: string }).avatar_url;
    expect(next).not.toBe(url);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: next })).headers['content-type']).toBe('image/png');

    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/auth/users/me/avatar/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(removed.statusCode).toBe(200);
    expect((await me(app, access)).avatar_url).toBeNull();
    expect((await app.inject({ method: 'GET', url: next })).statusCode).toBe(404);
  });

  it('refuses hostile files with a clear reason, and the server keeps answering', async () => {
    const app = await start();
    const access = await signUp(app, 'hostile@example.com');
    const cases: [string, Buffer, number, RegExp][] = [
      [
        'wrong magic',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'.repeat(4)),
        400,
        /只支持 PNG、JPEG 或 WebP/,
      ],
      ['huge dimensions', pngClaiming(60_000, 60_000), 400, /60000×60000 像素/],
      ['huge WebP canvas', webp(16_000, 16_000), 400, /16000×16000/],
      ['truncated WebP', webp(256, 256, 64).subarray(0, 60), 400, /不完整/],
      ['truncated PNG', pngBomb(256).subarray(0, 200), 400, /不完整/],
      ['empty', Buffer.alloc(0), 400, /没有收到图片/],
      ['too large', Buffer.concat([webp(256, 256), Buffer.alloc(1024 * 1024)]), 413, /请求体过大|不能超过/],
    ];
    for (const [name, body, status, reason] of cases) {
      const res = await upload(app, access, body);
      expect(res.statusCode, name).toBe(status);
      expect((res.json() as { detail: string }).detail, name).toMatch(reason);
    }
    expect((await me(app, access)).avatar_url).toBeNull();
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/avatar/',
      headers: { 'content-type': 'image/webp' },
      payload: webp(64, 64),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(app, access, webp(64, 64))).statusCode).toBe(200);
  });
});
