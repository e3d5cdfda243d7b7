import { errorBody, storagePaths, storageUsage as storageUsageSchema } from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { storageUsage } from './quota';

export interface StorageRoutesOptions {
  db: Db;
  requireAuth: RequireAuth;
}

/** /api/storage/: what the server keeps for the signed-in user, against the allowance. */
export const storageRoutes: FastifyPluginAsyncZod<StorageRoutesOptions> = async (
  app,
  { db, requireAuth },
) => {
  app.get(
    storagePaths.usage,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['storage'],
        summary: '存储空间用量',
        description:
          '当前用户已用的存储空间（字节）与可用上限：会话附件、模型生成的图片、云端文档与未过期的导出文件都计入。' +
          '上限由套餐决定，运营者可为单个用户另设。超出上限的保存返回 413（code: storage_full），detail 说明已用与剩余。' +
          '删除会话、文档或导出文件过期后，其占用随即释放。',
        security: [{ bearerAuth: [] }],
        response: { 200: storageUsageSchema, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const usage = await storageUsage(db, authOf(request).userId);
      if (!usage) throw notFound();
      return usage;
    },
  );
};
