import {
  adminModelCatalog,
  adminModelPaths,
  CATALOG_ID_MAX,
  errorBody,
  MODELS_MAX,
  modelInput,
  modelUpdate,
  PROVIDERS_MAX,
  providerInput,
  providerUpdate,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import type { Sealer } from '../../sealing';
import { createRequireAdmin } from '../account/routes';
import {
  createModel,
  createProvider,
  deleteModel,
  deleteProvider,
  readCatalog,
  updateModel,
  updateProvider,
} from './models';

export interface ModelCatalogRoutesOptions {
  db: Db;
  requireAuth: RequireAuth;
  /** Seals and opens the providers' keys and headers (the catalog's own sealer). */
  sealer: Sealer;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().min(1).max(CATALOG_ID_MAX) });
const applies = '改动记入审计日志，并在每个服务器实例的下一次使用时生效，无需重启。非管理员 403。';

/** /api/admin/models/ and /api/admin/providers/: the model catalog of 管理 › 模型 (admins only). */
export const modelCatalogRoutes: FastifyPluginAsyncZod<ModelCatalogRoutesOptions> = async (
  app,
  { db, requireAuth, sealer },
) => {
  const requireAdmin = createRequireAdmin(db, requireAuth);
  const answer = { 200: adminModelCatalog };

  app.get(
    adminModelPaths.models,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '模型目录',
        description:
          '服务商与模型：价格、能力、是否启用、哪个是默认。服务商的密钥从不答复，只说明有无、来源与末四位；' +
          '附加请求头只答复名称。目录在数据库中，首次启动时由模型配置文件（MODELS_CONFIG）写入。非管理员 403。',
        security,
        response: { ...answer, ...errors(401, 403) },
      },
    },
    async () => readCatalog(db, sealer),
  );

  app.post(
    adminModelPaths.models,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '新增模型',
        description: `最多 ${MODELS_MAX} 个模型；设为默认的模型须启用，其他模型随之不再是默认。答复整个目录。${applies}`,
        security,
        body: modelInput,
        response: { ...answer, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => createModel(db, sealer, authOf(request).userId, request.body),
  );

  app.patch(
    '/admin/models/:id/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '修改模型',
        description:
          '只改给出的字段。新价格从下一轮对话起生效，进行中的回答按开始时的价格结算。' +
          `停用唯一启用的模型时 409（last_enabled_model）。答复整个目录。${applies}`,
        security,
        params: idParams,
        body: modelUpdate,
        response: { ...answer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateModel(db, sealer, authOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/admin/models/:id/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '删除模型',
        description: `以往的对话与积分明细保留模型名称。删除唯一启用的模型时 409（last_enabled_model）。答复整个目录。${applies}`,
        security,
        params: idParams,
        response: { ...answer, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => deleteModel(db, sealer, authOf(request).userId, request.params.id),
  );

  app.post(
    adminModelPaths.providers,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '新增服务商',
        description:
          `最多 ${PROVIDERS_MAX} 个服务商。api_key 加密保存，之后不再答复；也可只给 api_key_env，由每个实例从自己的环境变量读取。` +
          `答复整个目录。${applies}`,
        security,
        body: providerInput,
        response: { ...answer, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => createProvider(db, sealer, authOf(request).userId, request.body),
  );

  app.patch(
    '/admin/providers/:id/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '修改服务商',
        description:
          '只改给出的字段：api_key 为新密钥时替换，为 null 时删除保存的密钥；headers 整体替换。' +
          `审计日志只记密钥被设置或删除，不记密钥本身。答复整个目录。${applies}`,
        security,
        params: idParams,
        body: providerUpdate,
        response: { ...answer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => updateProvider(db, sealer, authOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/admin/providers/:id/',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '删除服务商',
        description: `还有模型使用它时 409（provider_in_use）。答复整个目录。${applies}`,
        security,
        params: idParams,
        response: { ...answer, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => deleteProvider(db, sealer, authOf(request).userId, request.params.id),
  );
};
