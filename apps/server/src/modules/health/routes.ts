import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { messages } from '../../i18n/zh-CN';

const healthBody = z.object({
  status: z.enum(['ok', 'error']),
  version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latency_ms: z.number().optional(),
    detail: z.string().optional(),
  }),
});

export interface HealthRoutesOptions {
  database: Database;
  version: string;
  /** Probes hit this every few seconds; their request logs would drown everything else. */
  logLevel: Config['logLevel'];
}

/** Liveness and readiness in one: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database, version, logLevel },
) => {
  app.get(
    '/health/',
    {
      logLevel,
      schema: { tags: ['system'], summary: '健康检查', response: { 200: healthBody, 503: healthBody } },
    },
    async (request, reply) => {
      const started = performance.now();
      try {
        await database.ping();
        const latency = Math.round((performance.now() - started) * 100) / 100;
        return {
          status: 'ok' as const,
          version,
          database: { kind: database.kind, ok: true, latency_ms: latency },
        };
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        return reply.code(503).send({
          status: 'error' as const,
          version,
          database: { kind: database.kind, ok: false, detail: messages.health.databaseDown },
        });
      }
    },
  );
};
