import {
  cloudDocument,
  cloudDocumentList,
  createDocumentBody,
  DOCUMENT_MAX_BYTES,
  docIdParams,
  docsPaths,
  documentConflict,
  documentVersion,
  documentVersionList,
  documentVersionParams,
  documentVersionSummary,
  documentVersionsQuery,
  errorBody,
  nameVersionBody,
  updateDocumentBody,
  VERSION_CONFLICT_CODE,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, type RequireAuth } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import type { DocumentService } from './service';

export interface DocsRoutesOptions {
  docs: DocumentService;
  requireAuth: RequireAuth;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const security = [{ bearerAuth: [] }];
/**
 * A document body may be up to DOCUMENT_MAX_BYTES of content: the request may be larger than the server's
 * usual limit. Twice the limit, so that a document somewhat over it is read and refused with the clear
 * 413 of the service (its size and the limit), not cut by the framework.
 */
const bodyLimit = DOCUMENT_MAX_BYTES * 2;

/** /api/docs/: the signed-in user's cloud documents; a document gets its uuid at its first cloud save. */
export const docsRoutes: FastifyPluginAsyncZod<DocsRoutesOptions> = async (app, { docs, requireAuth }) => {
  app.get(
    docsPaths.list,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['docs'],
        summary: '云端文档列表',
        description: '当前用户的云端文档（不含正文），最近保存的在前。',
        security,
        response: { 200: cloudDocumentList, ...errors(401) },
      },
    },
    async (request) => docs.list(authOf(request).userId),
  );

  app.post(
    docsPaths.list,
    {
      onRequest: requireAuth,
      bodyLimit,
      schema: {
        tags: ['docs'],
        summary: '首次保存到云端',
        description: `本机文档第一次保存到云端：创建云端文档，版本为 1。id 为客户端选定的 uuid（可省略，由服务器分配）；同一 id 的重复请求（上一次的应答丢失后重试）不会再建一份，而是返回已有的文档（200）；该 id 属于其他账号时返回 409。正文（JSON）最多 ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB，超过返回 413；正文计入存储空间，放不下时同样返回 413（code: storage_full）。`,
        security,
        body: createDocumentBody,
        response: { 200: cloudDocument, 201: cloudDocument, ...errors(400, 401, 409, 413) },
      },
    },
    async (request, reply) => {
      const { document, created } = await docs.create(authOf(request).userId, request.body);
      return reply.code(created ? 201 : 200).send(document);
    },
  );

  app.get(
    '/docs/:id/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['docs'],
        summary: '读取云端文档',
        description: '文档及其正文与版本号。别人的文档与不存在的文档一样返回 404。',
        security,
        params: docIdParams,
        response: { 200: cloudDocument, ...errors(401, 404) },
      },
    },
    async (request) => docs.get(authOf(request).userId, request.params.id),
  );

  app.put(
    '/docs/:id/',
    {
      onRequest: requireAuth,
      bodyLimit,
      schema: {
        tags: ['docs'],
        summary: '保存云端文档',
        description:
          '基于 base_version 保存新版本（版本号加一）。文档已在别处保存过（版本号不同）时返回 409，附上当前版本 current，不覆盖；云端已是与本次完全相同的标题和正文时（应答丢失后的重试），按已保存返回 200，不新增版本；保存要么完整生效，要么不生效。',
        security,
        params: docIdParams,
        body: updateDocumentBody,
        response: { 200: cloudDocument, 409: documentConflict, ...errors(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const { title, content, base_version: baseVersion, kind, restored_from: restoredFrom } = request.body;
      if (restoredFrom !== undefined && restoredFrom > baseVersion)
        throw new HttpError(400, { detail: messages.docs.restoredFromAhead(restoredFrom, baseVersion) });
      const answer = await docs.update(authOf(request).userId, request.params.id, {
        title,
        content,
        baseVersion,
        ...(restoredFrom === undefined ? { kind } : { kind: 'restore', restoredFrom }),
      });
      if ('saved' in answer) return answer.saved;
      return reply.code(409).send({
        detail: messages.docs.conflict(answer.conflict.version, baseVersion),
        code: VERSION_CONFLICT_CODE,
        current: answer.conflict,
      });
    },
  );

  app.delete(
    '/docs/:id/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['docs'],
        summary: '删除云端文档',
        description: '删除自己的云端文档；别人的文档返回 404。',
        security,
        params: docIdParams,
        response: { 204: z.null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await docs.remove(authOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/docs/:id/versions/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['docs'],
        summary: '版本历史',
        description:
          '文档保存过的版本（不含正文），最新的在前，每页 limit 个；next_before 取下一页。每次保存都留一个版本；一天前的未命名自动保存逐步精简（一周内每小时留一个，更早的每天留一个），命名的版本与手动保存一直保留。别人的文档返回 404。',
        security,
        params: docIdParams,
        querystring: documentVersionsQuery,
        response: { 200: documentVersionList, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      docs.listVersions(authOf(request).userId, request.params.id, {
        before: request.query.before,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/docs/:id/versions/:version/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['docs'],
        summary: '读取一个版本',
        description: '这个版本的正文。已被精简的版本、别人的文档返回 404。',
        security,
        params: documentVersionParams,
        response: { 200: documentVersion, ...errors(400, 401, 404) },
      },
    },
    async (request) => docs.getVersion(authOf(request).userId, request.params.id, request.params.version),
  );

  app.patch(
    '/docs/:id/versions/:version/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['docs'],
        summary: '为版本命名',
        description: '给版本起名（最多 100 个字）；null 或空白去掉名称。命名的版本不会被精简。',
        security,
        params: documentVersionParams,
        body: nameVersionBody,
        response: { 200: documentVersionSummary, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      docs.nameVersion(authOf(request).userId, request.params.id, request.params.version, request.body.name),
  );

  app.post(
    '/docs/:id/versions/:version/restore/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['docs'],
        summary: '恢复版本',
        description:
          '把这个版本的正文保存为新的一版（版本号加一），当前版本仍留在版本历史中。正文计入存储空间，放不下时返回 413。',
        security,
        params: documentVersionParams,
        response: { 200: cloudDocument, ...errors(400, 401, 404, 409, 413) },
      },
    },
    async (request) => docs.restoreVersion(authOf(request).userId, request.params.id, request.params.version),
  );
};
