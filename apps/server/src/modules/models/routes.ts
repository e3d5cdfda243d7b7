import { errorBody, modelListResponse, modelsPaths } from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequireAuth } from '../../http/auth';
import type { SearchSettings } from '../search';
import type { ModelRegistry } from './registry';

export interface ModelRoutesOptions {
  registry: ModelRegistry;
  requireAuth: RequireAuth;
  /** The configured web search: every model can use it (its results go into the prompt). */
  search?: SearchSettings | null;
}

export const modelRoutes: FastifyPluginAsyncZod<ModelRoutesOptions> = async (
  app,
  { registry, requireAuth, search },
) => {
  const models = registry.list().map((model) => ({
    ...model,
    web_search: Boolean(search),
    search_price_credits: search?.price ?? 0,
  }));
  app.get(
    modelsPaths.list,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '可用模型',
        description:
          '可选的 AI 模型及其积分价格：按次计费的模型每轮收取 fixed_price_credits；其他模型按每千输入/输出词元收取 input_price_credits / output_price_credits，向上取整。未配置模型服务时只有内置的离线演示模型。web_search 表示可否联网搜索（服务器配置了搜索服务时为 true），每次搜索另收 search_price_credits 积分。',
        security: [{ bearerAuth: [] }],
        response: { 200: modelListResponse, 401: errorBody },
      },
    },
    async () => ({ models }),
  );
};
