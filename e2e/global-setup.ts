import type { TestProject } from 'vitest/node';
import { buildProduct, LOAD_TEST_LIMITS, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    accessTokenTtlSeconds: number;
  }
}

/**
 * Builds the product as a user gets it (unless E2E_SKIP_BUILD=1, for quick local reruns), then starts
 * the real server on a free port with a throwaway data directory. DATABASE_URL passes through, so CI
 * runs the journeys on PostgreSQL when it is set.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') buildProduct();
  // Short-lived access tokens, so that a journey sees one expire and be refreshed without noticing.
  const accessTokenTtlSeconds = 70;
  const server = await startServer({
    ACCESS_TOKEN_TTL: `${accessTokenTtlSeconds}s`,
    NODE_ENV: 'production',
    ...LOAD_TEST_LIMITS,
  });
  project.provide('baseURL', server.baseURL);
  project.provide('accessTokenTtlSeconds', accessTokenTtlSeconds);
  return () => server.stop();
}
