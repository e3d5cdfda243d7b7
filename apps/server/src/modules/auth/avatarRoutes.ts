import { authPaths, errorBody } from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, type RequireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { AVATAR_MAX_BYTES, type Avatars, avatarType } from './avatar';

export interface AvatarRoutesOptions {
  avatars: Avatars;
  requireAuth: RequireAuth;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const bearer = [{ bearerAuth: [] }];
const IMAGE_TYPES = ['image/webp', 'image/png', 'image/jpeg', 'application/octet-stream'];

/** 头像: upload (the image's bytes as the body), removal, and the public, cached image. */
export const avatarRoutes: FastifyPluginAsyncZod<AvatarRoutesOptions> = async (
  app,
  { avatars, requireAuth },
) => {
  // The body is the image itself; its declared type is only let through, the bytes decide (avatar.ts).
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  app.put(
    authPaths.avatar,
    {
      onRequest: requireAuth,
      bodyLimit: AVATAR_MAX_BYTES + 1,
      schema: {
        tags: ['auth'],
        summary: '上传头像',
        description: `请求体为图片本身（PNG、JPEG 或 WebP，至多 ${AVATAR_MAX_BYTES / 1024} KB，边长 16–1024 像素；浏览器裁成 256×256 的 WebP 后上传）。服务器按内容判断格式，不信任 Content-Type；不完整或不是图片的文件返回 400。`,
        security: bearer,
        response: { 200: z.object({ avatar_url: z.string() }), ...errors(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw notFound();
      return { avatar_url: await avatars.set(authOf(request).userId, body) };
    },
  );

  app.delete(
    authPaths.avatar,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '移除头像',
        description: '用户菜单与对话中改为显示昵称的首字。',
        security: bearer,
        response: { 200: z.object({ detail: z.string() }), ...errors(401) },
      },
    },
    async (request) => {
      await avatars.remove(authOf(request).userId);
      return { detail: messages.avatar.removed };
    },
  );

  app.get(
    '/avatars/:userId/:id',
    {
      schema: {
        tags: ['auth'],
        summary: '头像图片',
        description: '地址随每次上传而变，因此可长期缓存；只有账号当前的头像可以取到。',
        params: z.object({ userId: z.uuid(), id: z.uuid() }),
      },
    },
    async (request, reply) => {
      const found = await avatars.open(request.params.userId, request.params.id);
      if (!found) throw notFound();
      const chunks: Buffer[] = [];
      for await (const chunk of found.stream) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(avatarType(bytes))
        .send(bytes);
    },
  );
};
