import {
  cloudExportBody,
  docIdParams,
  EXPORT_FORMATS,
  EXPORT_MAX_BYTES,
  EXPORT_TTL_SECONDS,
  errorBody,
  exportIdParams,
  exportTask,
  transientExportBody,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { scheduleMaintenance } from '../../maintenance';
import { contentDisposition } from '../files/names';
import { ExportRunner } from './runner';
import { ExportService } from './service';

export interface ExportsRoutesOptions {
  db: Db;
  requireAuth: RequireAuth;
  now?: () => Date;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const security = [{ bearerAuth: [] }];
/** Seconds one conversion may take on the worker. */
export const EXPORT_TIMEOUT_SECONDS = 60;
const formats = EXPORT_FORMATS.join('、');
const minutes = EXPORT_TTL_SECONDS / 60;

/**
 * Server-side exports: `POST /api/docs/{id}/export` for a cloud document,
 * `POST /api/exports/transient` for any other, and `GET /api/exports/{id}` to download the file.
 */
export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (
  app,
  { db, requireAuth, now },
) => {
  const runner = new ExportRunner({
    timeoutMs: EXPORT_TIMEOUT_SECONDS * 1000,
    maxQueued: 8,
    // A job's memory is bounded by its input's limits (5 MB, the contract's bounds on every field, 20,000
    // HTML elements, the pixels of its pictures): the costliest document measured, a table of 150,000 empty
    // cells written as DOCX, needs a 640 MB heap (384 MB is not enough). Past it the job fails alone.
    maxHeapMb: 640,
  });
  const exports = new ExportService(db, {
    runner,
    timeoutSeconds: EXPORT_TIMEOUT_SECONDS,
    logger: app.log as unknown as Logger,
    ...(now ? { now } : {}),
  });
  app.addHook('onClose', async () => runner.close());
  scheduleMaintenance(app, { name: 'sweep expired exports', run: () => exports.sweep(), atStart: true });

  const answer = {
    201: exportTask,
    ...errors(400, 401, 404, 413, 500, 503),
  };

  app.post(
    '/docs/:id/export',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['exports'],
        summary: '导出云端文档',
        description: `用服务器上的转换器（与编辑器相同）把自己的云端文档导出为 ${formats}，返回 ${minutes} 分钟内有效、只有本人能下载的地址。别人的文档与不存在的文档一样返回 404。`,
        security,
        params: docIdParams,
        body: cloudExportBody,
        response: answer,
      },
    },
    async (request, reply) => {
      const task = await exports.exportCloud(authOf(request).userId, request.params.id, request.body.format);
      return reply.code(201).send(task);
    },
  );

  app.post(
    '/exports/transient',
    {
      onRequest: requireAuth,
      // Somewhat over the limit is read and refused with the clear 413 of the service, not cut.
      bodyLimit: EXPORT_MAX_BYTES * 2,
      schema: {
        tags: ['exports'],
        summary: '即时导出',
        description: `导出未保存到云端的文档：请求体带上 lexdoc（文档内容），没有时带 html。格式 ${formats}；返回 ${minutes} 分钟内有效、只有本人能下载的地址。文档最多 ${EXPORT_MAX_BYTES / 1024 / 1024} MB。`,
        security,
        body: transientExportBody,
        response: answer,
      },
    },
    async (request, reply) => {
      const task = await exports.exportTransient(authOf(request).userId, request.body);
      return reply.code(201).send(task);
    },
  );

  app.get(
    '/exports/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['exports'],
        summary: '下载导出文件',
        description:
          '导出的文件，仅限导出它的用户；别人的与不存在的返回 404，过期的返回 410（文件随即清理）。文件名按 RFC 5987 编码。',
        security,
        params: exportIdParams,
        response: { 200: z.any(), ...errors(401, 404, 410) },
      },
    },
    async (request, reply) => {
      const file = await exports.download(authOf(request).userId, request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('content-length', String(file.data.byteLength))
        .send(file.data);
    },
  );
};
