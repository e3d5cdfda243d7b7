import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Collects every route registered after it; the document is built from the zod schemas of the routes. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '万象 API',
        description:
          '万象 AI 工作台的 HTTP 接口。错误体采用 DRF 形状：{detail}、{errors:{字段:[消息]}}、{non_field_errors}。',
        version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [
        { name: 'auth', description: '注册、登录与令牌' },
        { name: 'chat', description: '模型、会话与流式对话' },
        { name: 'stock', description: '短线策略看板：市场情绪' },
        { name: 'storage', description: '存储空间：已用与上限' },
        { name: 'system', description: '运行状态' },
      ],
    },
    transform: jsonSchemaTransform,
  });
}
