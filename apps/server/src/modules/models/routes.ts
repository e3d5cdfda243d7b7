import { errorBody, modelListResponse, modelsPaths } from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { planAllows, planModelIds } from '../billing/planModels';
import type { SearchSettings } from '../search';
import type { ModelCatalog } from './catalog';
import { describeModel } from './registry';

export interface ModelRoutesOptions {
  /** The catalog as it is at each request: a change in the console shows at the next one. */
  catalog: ModelCatalog;
  db: Db;
  requireAuth: RequireAuth;
  /** The configured web search: the models allowed to use it get its results in their prompt. */
  search?: SearchSettings | null;
}

export const modelRoutes: FastifyPluginAsyncZod<ModelRoutesOptions> = async (
  app,
  { catalog, db, requireAuth, search },
) => {
  app.get(
    modelsPaths.list,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '可用模型',
        description:
          '可选的 AI 模型及其积分价格：按次计费的模型每轮收取 fixed_price_credits；其他模型按每千输入/输出词元收取 input_price_credits / output_price_credits，向上取整。只列出管理员在控制台启用的模型，改动在下一次请求即生效。web_search 表示可否联网搜索（服务器配置了搜索服务、且管理员允许该模型搜索时为 true），每次搜索另收 search_price_credits 积分。',
        security: [{ bearerAuth: [] }],
        response: { 200: modelListResponse, 401: errorBody },
      },
    },
    async (request) => {
      const registry = await catalog.current();
      const allowed = await planModelIds(db, authOf(request).userId);
      const offered = registry.enabled.filter((definition) => planAllows(allowed, definition.id));
      // The catalog's default when the plan has it, else the plan's first model.
      const chosen = offered.find((definition) => definition.isDefault) ?? offered[0];
      return {
        models: offered.map((definition) => ({
          ...describeModel(definition),
          is_default: definition === chosen,
          web_search: Boolean(search) && definition.webSearch,
          search_price_credits: search?.price ?? 0,
        })),
      };
    },
  );
};
